import { FormattedMessage } from 'react-intl';
import { Page } from '../../components/Page';
import { EmptyState, Loaded } from '../../components/states';
import { useCurrentMerchant } from '../../lib/resources/use-current-merchant';
import { useMerchantKpis } from './api/get-kpis';
import { IntervalPicker } from './components/IntervalPicker';
import { KpiFigures } from './components/KpiFigures';
import { KpiInterval } from './components/KpiInterval';
import { useKpiInterval } from './use-kpi-interval';
import './kpis.css';

/** /distributor-kpis: the current merchant's KPIs over the chosen interval (kept locally as `kpis`). */
export function DistributorKpisPage() {
  const { merchantId } = useCurrentMerchant();
  const [days, setDays] = useKpiInterval();
  const kpis = useMerchantKpis(merchantId, days);
  return (
    <Page title={<FormattedMessage id="kpis.title" />} testId="distributor-kpis">
      <section className="card">
        <IntervalPicker days={days} onChange={setDays} />
      </section>
      {merchantId ? (
        <Loaded result={kpis}>
          {(data) => (
            <>
              <KpiInterval kpis={data} />
              <KpiFigures kpis={data} />
            </>
          )}
        </Loaded>
      ) : (
        <section className="card">
          <EmptyState messageId="kpis.chooseMerchant" testId="kpis-choose-merchant" />
        </section>
      )}
    </Page>
  );
}
