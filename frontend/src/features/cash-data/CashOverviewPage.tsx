import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { presetRange } from '../../components/date-range/presets';
import { Page } from '../../components/Page';
import { ForOneMerchant, Loaded } from '../../components/states';
import { useCurrentMerchant } from '../../lib/resources/use-current-merchant';
import { useDirtinessStats } from './api/get-dirtiness-stats';
import { CashFigureSections } from './components/CashFigureSections';
import { DirtinessBadge } from './components/DirtinessBadge';
import './cash-data.css';

/** /devices/cash-overview (NEBULAR_CASH): the merchant's acceptance, movements and machines per dirtiness state. */
export function CashOverviewPage() {
  const { merchantId, merchants } = useCurrentMerchant();
  return (
    <Page title={<FormattedMessage id="cashData.overview.title" />} testId="cash-overview-page">
      <ForOneMerchant merchants={merchants} merchantId={merchantId} chooseMessageId="cashData.overview.chooseMerchant">
        {(id) => <Overview merchantId={id} />}
      </ForOneMerchant>
    </Page>
  );
}

function Overview({ merchantId }: { merchantId: string }) {
  const [range, setRange] = useState(() => presetRange('last7Days'));
  const dirtiness = useDirtinessStats(merchantId);
  return (
    <>
      <section className="card">
        <h2>
          <FormattedMessage id="cashData.dirtiness.machines" />
        </h2>
        <Loaded result={dirtiness}>
          {(d) => (
            <ul className="cash-data__form" data-testid="dirtiness-stats">
              {(['critical', 'warning', 'ok', 'unknown'] as const).map((s) => (
                <li key={s} data-testid={`dirtiness-count-${s}`}>
                  <DirtinessBadge state={s} /> {d[s]}
                </li>
              ))}
            </ul>
          )}
        </Loaded>
      </section>
      <CashFigureSections scope={{ merchantId }} range={range} onRangeChange={setRange} rangeTestId="cash-overview-range" />
    </>
  );
}
