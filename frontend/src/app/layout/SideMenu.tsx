import { FormattedMessage, useIntl } from 'react-intl';
import { NavLink } from 'react-router-dom';
import { Icon } from '../../components/Icon';
import type { MenuEntry } from '../menu';

/** The menu's links; on the collapsed rail their labels are visually hidden (still their names) and shown as tooltips. */
export function SideMenu({ entries, collapsed, onNavigate }: { entries: readonly MenuEntry[]; collapsed: boolean; onNavigate: () => void }) {
  const intl = useIntl();
  return (
    <nav className="side-menu" data-testid="side-menu">
      <ul>
        {entries.map((entry) => (
          <li key={entry.id}>
            <NavLink
              to={entry.route}
              className="side-menu__link"
              data-menu-id={entry.id}
              title={collapsed ? intl.formatMessage({ id: entry.messageId }) : undefined}
              onClick={onNavigate}
            >
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
