import { FormattedMessage, useIntl } from 'react-intl';
import { Link, NavLink, Outlet, useParams } from 'react-router-dom';
import { Page } from '../../components/Page';
import { SERIAL_PATTERN } from '#schemas/pos';
import { Loaded, NotFoundState } from '../../components/states';
import { hasFeature } from '../../lib/merchant-features';
import { useMyMerchants } from '../../lib/resources/get-my-merchants';
import { mayCall } from '#schemas/api-roles';
import { useMayCall } from '../../components/use-may-call';
import { useSession } from '../../lib/session';
import { usePos } from './api/get-pos';
import { DEVICE_TABS } from './device-tabs';
import { ConnectionBadge, StatusBadge } from './components/Badges';
import { DeviceActions } from './components/DeviceActions';
import { RelativeTime } from './components/RelativeTime';
import { deviceErrorMessageId } from './messages';
import { devicePath } from './pos-labels';
import './devices.css';

/**
 * /devices/{serial}: the machine's header, its actions and its tabs (nested routes). An address that is not a
 * serial (a screen not built yet, a typo) is not asked to the API: it is a machine not found, like a 404.
 */
export function DeviceDetailPage() {
  const intl = useIntl();
  const param = useParams().id ?? '';
  const serial = SERIAL_PATTERN.test(param) ? param : '';
  const pos = usePos(serial);
  const readsAuditLog = useMayCall('audit.list');
  const role = useSession().identity?.role;
  // A tab of a feature shows when the machine's merchant has it.
  const merchants = useMyMerchants();
  const merchantOf = (id: string) => merchants.data?.find((m) => m.id === id);
  const notFound = <NotFoundState messageId="errors.PosNotFoundException" listPath="/devices/list" listMessageId="devices.goToList" />;

  return (
    <Page
      title={
        <>
          {pos.data && `${pos.data.name} · `}
          <span className="nowrap">{pos.data?.serial ?? param}</span>
        </>
      }
      actions={
        <>
          <Link to="/devices/list" className="button button--secondary">
            <FormattedMessage id="devices.backToList" />
          </Link>
          {readsAuditLog && serial && (
            <Link to={`/manage/audit-log?serial=${encodeURIComponent(serial)}`} className="button button--secondary" data-testid="device-audit-log">
              <FormattedMessage id="auditLog.link" />
            </Link>
          )}
        </>
      }
      testId="device-detail-page"
    >
      {serial ? (
        <Loaded result={pos} errorMessageId={deviceErrorMessageId} notFound={notFound}>
          {(p) => (
            <>
              <section className="card device-summary" data-testid="device-summary" data-serial={p.serial} data-hidden={p.hidden}>
                <ConnectionBadge connection={p.connection} />
                <StatusBadge status={p.status} />
                {p.hidden && (
                  <span className="badge badge--neutral" data-testid="device-hidden-badge">
                    <FormattedMessage id="devices.hiddenBadge" />
                  </span>
                )}
                <span className="device-summary__ping">
                  <FormattedMessage id="devices.field.lastPing" />: <RelativeTime value={p.lastPingAt} testId="device-last-ping" />
                </span>
                <DeviceActions pos={p} />
              </section>
              <nav className="tabs" aria-label={intl.formatMessage({ id: 'devices.tabs' })} data-testid="device-tabs">
                {DEVICE_TABS.filter(
                  (tab) => (!tab.feature || hasFeature(merchantOf(p.merchantId), tab.feature)) && (!tab.route || mayCall(tab.route, role)),
                ).map((tab) => (
                  <NavLink key={tab.path} to={devicePath(p.serial, tab.path)} className="tabs__tab" data-tab={tab.path}>
                    <FormattedMessage id={tab.messageId} />
                  </NavLink>
                ))}
              </nav>
              <Outlet />
            </>
          )}
        </Loaded>
      ) : (
        notFound
      )}
    </Page>
  );
}
