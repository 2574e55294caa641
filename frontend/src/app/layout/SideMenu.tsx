import { FormattedMessage } from 'react-intl';
import { NavLink } from 'react-router-dom';
import { Icon } from '../../components/Icon';
import type { MenuEntry } from '../menu';

export function SideMenu({ entries, onNavigate }: { entries: readonly MenuEntry[]; onNavigate: () => void }) {
  return (
    <nav className="side-menu" data-testid="side-menu">
      <ul>
        {entries.map((entry) => (
          <li key={entry.id}>
            <NavLink to={entry.route} className="side-menu__link" data-menu-id={entry.id} onClick={onNavigate}>
              <Icon name={entry.icon} />
              <span className="side-menu__text">
                <FormattedMessage id={entry.messageId} />
              </span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
