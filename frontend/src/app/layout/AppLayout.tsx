import { useCallback, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Outlet } from 'react-router-dom';
import { Icon } from '../../components/Icon';
import { Spinner } from '../../components/Spinner';
import { useToast } from '../../components/toasts';
import { useMyMerchants } from '../../lib/resources/get-my-merchants';
import { useSession } from '../../lib/session';
import { useMediaQuery } from '../../lib/use-media-query';
import { menuFor } from '../menu';
import { MerchantSelector } from './MerchantSelector';
import { SideMenu } from './SideMenu';
import { useModalDrawer } from './use-modal-drawer';

/** The menu is a persistent rail from this width up (spec breakpoint sm), an overlay drawer below it. */
const WIDE_QUERY = '(min-width: 960px)';

/** The signed-in shell: app bar (menu toggle, merchant selector, user, logout), side menu, content. */
export function AppLayout() {
  const intl = useIntl();
  const { identity, currentMerchantId, logout } = useSession();
  const { showToast } = useToast();
  const merchants = useMyMerchants();
  const [collapsed, setCollapsed] = useState(false); // wide screens
  const [drawerOpen, setDrawerOpen] = useState(false); // narrow screens
  const [loggingOut, setLoggingOut] = useState(false);
  const wide = useMediaQuery(WIDE_QUERY);
  const menuId = useId();
  const menuRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const drawerModal = !wide && drawerOpen;
  useModalDrawer(drawerModal, menuRef, toggleRef, closeDrawer);

  const current = merchants.data?.find((m) => m.id === currentMerchantId) ?? merchants.data?.[0] ?? null;
  const entries = menuFor(identity?.role ?? null, current);
  const userId = identity?.sub ?? 'anonymous';

  function toggleMenu() {
    if (wide) setCollapsed((c) => !c);
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
          ref={toggleRef}
          aria-label={intl.formatMessage({ id: 'menu.toggle' })}
          aria-controls={menuId}
          aria-expanded={wide ? !collapsed : drawerOpen}
          data-testid="menu-toggle"
        >
          <Icon name="menu" />
        </button>
        <span className="app-bar__title">
          <FormattedMessage id="app.title" />
        </span>
        <span className="app-bar__spacer" />
        {merchants.data && <MerchantSelector merchants={merchants.data} />}
        {/* Named by the e-mail it shows (what a speech user says); what it opens is its tooltip. */}
        <Link to="/settings/profile" className="app-bar__user" title={intl.formatMessage({ id: 'settings.openProfile' })} data-testid="user-profile-link">
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
      {/* Below the wide breakpoint the closed drawer is off-screen: inert, so Tab and screen readers skip it. */}
      <aside id={menuId} ref={menuRef} className="shell__menu" aria-label={intl.formatMessage({ id: 'menu.label' })} inert={!wide && !drawerOpen}>
        <SideMenu key={userId} entries={entries} collapsed={wide && collapsed} userId={userId} onNavigate={closeDrawer} />
      </aside>
      {drawerModal && (
        <div
          className="shell__scrim"
          onClick={() => {
            closeDrawer();
            toggleRef.current?.focus();
          }}
          aria-hidden="true"
        />
      )}
      <main className="shell__content" inert={drawerModal}>
        <Outlet />
      </main>
    </div>
  );
}
