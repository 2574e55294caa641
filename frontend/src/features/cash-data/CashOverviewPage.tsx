import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { DateRangePicker } from '../../components/date-range/DateRangePicker';
import { presetRange } from '../../components/date-range/presets';
import { Page } from '../../components/Page';
import { ForOneMerchant, Loaded } from '../../components/states';
import { useCurrentMerchant } from '../../lib/resources/use-current-merchant';
import { useAcceptanceStats } from './api/get-acceptance';
import { useDirtinessStats } from './api/get-dirtiness-stats';
import { useMovementStats } from './api/get-movements';
import { AcceptanceFiguresView, MovementFiguresView } from './components/CashFigures';
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
  const acceptance = useAcceptanceStats({ merchantId }, range.startDate, range.endDate);
  const movements = useMovementStats({ merchantId }, range.startDate, range.endDate);
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
      <section className="card">
        <header className="device-chart__header">
          <h2>
            <FormattedMessage id="cashData.acceptance.title" />
          </h2>
          <DateRangePicker value={range} onChange={setRange} testId="cash-overview-range" />
        </header>
        <Loaded result={acceptance}>{(stats) => <AcceptanceFiguresView stats={stats} />}</Loaded>
      </section>
      <section className="card">
        <h2>
          <FormattedMessage id="cashData.movements.title" />
        </h2>
        <Loaded result={movements}>{(stats) => <MovementFiguresView stats={stats} />}</Loaded>
      </section>
    </>
  );
}
