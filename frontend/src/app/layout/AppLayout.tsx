import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Outlet } from 'react-router-dom';
import { Icon } from '../../components/Icon';
import { Spinner } from '../../components/Spinner';
import { useToast } from '../../components/toasts';
import { useMyMerchants } from '../../lib/resources/get-my-merchants';
import { useSession } from '../../lib/session';
import { menuFor } from '../menu';
import { MerchantSelector } from './MerchantSelector';
import { SideMenu } from './SideMenu';

/** The menu is a persistent rail from this width up (spec breakpoint sm), an overlay drawer below it. */
const WIDE_QUERY = '(min-width: 960px)';

function isWide(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(WIDE_QUERY).matches;
}

/** The signed-in shell: app bar (menu toggle, merchant selector, user, logout), side menu, content. */
export function AppLayout() {
  const intl = useIntl();
  const { identity, currentMerchantId, logout } = useSession();
  const { showToast } = useToast();
  const merchants = useMyMerchants();
  const [collapsed, setCollapsed] = useState(false); // wide screens
  const [drawerOpen, setDrawerOpen] = useState(false); // narrow screens
  const [loggingOut, setLoggingOut] = useState(false);

  const current = merchants.data?.find((m) => m.id === currentMerchantId) ?? merchants.data?.[0] ?? null;
  const entries = menuFor(identity?.role ?? null, current);

  function toggleMenu() {
    if (isWide()) setCollapsed((c) => !c);
    else setDrawerOpen((o) => !o);
  }

  async function onLogout() {
    setLoggingOut(true);
    try {
      await logout();
    } catch {
      showToast({ kind: 'error', messageId: 'logout.error' });
      setLoggingOut(false);
    }
  }

  /** The name of a control shown as an icon: its tooltip and its accessible name. */
  function named(id: string) {
    const name = intl.formatMessage({ id });
    return { title: name, 'aria-label': name };
  }

  const shellClass = ['shell', collapsed ? 'shell--collapsed' : '', drawerOpen ? 'shell--drawer-open' : ''].filter(Boolean).join(' ');

  return (
    <div className={shellClass}>
      <header className="app-bar">
        <button
          type="button"
          className="icon-button"
          onClick={toggleMenu}
          aria-label={intl.formatMessage({ id: 'menu.toggle' })}
          aria-expanded={!collapsed}
          data-testid="menu-toggle"
        >
          <Icon name="menu" />
        </button>
        <span className="app-bar__title">
          <FormattedMessage id="app.title" />
        </span>
        <span className="app-bar__spacer" />
        {merchants.data && <MerchantSelector merchants={merchants.data} />}
        <Link to="/settings/profile" className="app-bar__user" {...named('settings.openProfile')} data-testid="user-profile-link">
          <Icon name="account" />
          <span className="app-bar__email" data-testid="user-email">
            {identity?.email}
          </span>
        </Link>
        <Link to="/settings/password" className="icon-button" {...named('settings.openPassword')} data-testid="user-password-link">
          <Icon name="lock" />
        </Link>
        <button type="button" className="icon-button" onClick={onLogout} disabled={loggingOut} {...named('common.logout')} data-testid="logout">
          {loggingOut ? <Spinner size="small" /> : <Icon name="logout" />}
        </button>
      </header>
      <aside className="shell__menu" aria-label={intl.formatMessage({ id: 'menu.label' })}>
        <SideMenu entries={entries} onNavigate={() => setDrawerOpen(false)} />
      </aside>
      {drawerOpen && <div className="shell__scrim" onClick={() => setDrawerOpen(false)} aria-hidden="true" />}
      <main className="shell__content">
        <Outlet />
      </main>
    </div>
  );
}
