import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { NavLink, useLocation } from 'react-router-dom';
import { Icon } from '../../components/Icon';
import { groupOfPath, MENU_GROUPS, type MenuEntry } from '../menu';
import { useOpenGroups } from './use-open-groups';
import './side-menu.css';

/**
 * The menu's links, the spec's areas as groups that open and close (what is open is remembered per user, and
 * the current screen's group opens). On the collapsed rail the groups' entries all show as icons, their
 * labels visually hidden (still their names) and shown as tooltips.
 */
export function SideMenu({
  entries,
  collapsed,
  userId,
  onNavigate,
}: {
  entries: readonly MenuEntry[];
  collapsed: boolean;
  userId: string;
  onNavigate: () => void;
}) {
  const intl = useIntl();
  const baseId = useId();
  const { pathname } = useLocation();
  const { open, toggle } = useOpenGroups(userId, groupOfPath(pathname));
  const groups = MENU_GROUPS.map((group) => ({ ...group, entries: entries.filter((e) => e.group === group.id) })).filter((g) => g.entries.length > 0);

  const link = (entry: MenuEntry) => (
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
  );

  return (
    <nav className={collapsed ? 'side-menu side-menu--rail' : 'side-menu'} data-testid="side-menu">
      <ul>
        {entries.filter((e) => !e.group).map(link)}
        {groups.map((group) => {
          const expanded = collapsed || open.includes(group.id);
          const listId = `${baseId}-${group.id}`;
          return (
            <li key={group.id} className="side-menu__group" data-group={group.id}>
              {!collapsed && (
                <button
                  type="button"
                  className="side-menu__group-toggle"
                  aria-expanded={expanded}
                  aria-controls={listId}
                  onClick={() => toggle(group.id)}
                  data-menu-group={group.id}
                >
                  <span className="side-menu__group-text">
                    <FormattedMessage id={group.messageId} />
                  </span>
                  <Icon name="expand" className="icon side-menu__chevron" />
                </button>
              )}
              <ul id={listId} hidden={!expanded}>
                {group.entries.map(link)}
              </ul>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
