import { FormattedMessage, useIntl } from 'react-intl';
import { ALL_DISTRIBUTORS_ID, type MerchantSummary } from '#schemas/merchant';
import { Link } from 'react-router-dom';
import { HeaderRow } from '../../components/HeaderRow';
import { AlarmCountsStrip } from '../../components/AlarmCountsStrip';
import { Page } from '../../components/Page';
import { Spinner } from '../../components/Spinner';
import { EmptyState, Loaded } from '../../components/states';
import { useAlarmStats } from '../../lib/resources/get-alarm-stats';
import { useMyMerchants } from '../../lib/resources/get-my-merchants';
import { useCurrentMerchant } from '../../lib/resources/use-current-merchant';
import { useSession } from '../../lib/session';

/** The landing screen: who is signed in, in which role, and which distributors they can work on. */
export function DashboardPage() {
  const intl = useIntl();
  const { identity, currentMerchantId } = useSession();
  const merchants = useMyMerchants();

  return (
    <Page title={<FormattedMessage id="dashboard.title" />} testId="dashboard">
      <section className="card" aria-labelledby="dashboard-greeting">
        <h2 id="dashboard-greeting" data-testid="dashboard-greeting">
          <FormattedMessage id="dashboard.greeting" values={{ email: identity?.email ?? '' }} />
        </h2>
        <p>
          <FormattedMessage
            id="dashboard.role"
            values={{ role: <strong data-testid="dashboard-role">{identity?.role ? intl.formatMessage({ id: `roles.${identity.role}` }) : ''}</strong> }}
          />
        </p>
      </section>

      <AlarmsCard />

      <section className="card" aria-labelledby="dashboard-merchants">
        <h2 id="dashboard-merchants">
          <FormattedMessage id="dashboard.merchants.title" />
        </h2>
        <Loaded
          result={merchants}
          loading={
            <div className="state">
              <Spinner />
            </div>
          }
        >
          {(list) =>
            list.length === 0 ? <EmptyState messageId="dashboard.merchants.empty" /> : <MerchantTable merchants={list} currentMerchantId={currentMerchantId} />
          }
        </Loaded>
      </section>
    </Page>
  );
}

/** The current merchant's alarm counters (a group admin's groups only); nothing with "all distributors" picked. */
function AlarmsCard() {
  const { merchantId } = useCurrentMerchant();
  const stats = useAlarmStats(merchantId);
  if (!stats.data) return null;
  return (
    <section className="card" aria-labelledby="dashboard-alarms" data-testid="dashboard-alarms">
      <h2 id="dashboard-alarms">
        <Link to="/alarms">
          <FormattedMessage id="dashboard.alarms.title" />
        </Link>
      </h2>
      <AlarmCountsStrip counts={stats.data.counts} />
    </section>
  );
}

function MerchantTable({ merchants, currentMerchantId }: { merchants: readonly MerchantSummary[]; currentMerchantId: string | null }) {
  const intl = useIntl();
  return (
    <div className="table-wrap">
      <table className="table" data-testid="merchant-list">
        <HeaderRow cells={['dashboard.merchants.name', 'dashboard.merchants.currency', 'dashboard.merchants.features']} />
        <tbody>
          {merchants.map((m) => {
            const all = m.id === ALL_DISTRIBUTORS_ID;
            return (
              <tr key={m.id} data-merchant-id={m.id} aria-current={m.id === currentMerchantId ? 'true' : undefined}>
                <td>{all ? <FormattedMessage id="merchant.all" /> : m.name}</td>
                <td>{all ? '—' : m.currency}</td>
                <td>
                  {all ? (
                    '—'
                  ) : m.features.length === 0 ? (
                    <FormattedMessage id="dashboard.merchants.noFeatures" />
                  ) : (
                    intl.formatList(
                      m.features.map((f) => intl.formatMessage({ id: `features.${f}`, defaultMessage: f })),
                      { type: 'conjunction' },
                    )
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
