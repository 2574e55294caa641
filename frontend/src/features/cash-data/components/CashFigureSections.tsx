import { FormattedMessage } from 'react-intl';
import { DateRangePicker } from '../../../components/date-range/DateRangePicker';
import type { DateRange } from '../../../components/date-range/presets';
import { Loaded } from '../../../components/states';
import { useAcceptanceStats } from '../api/get-acceptance';
import { useMovementStats } from '../api/get-movements';
import { AcceptanceFiguresView, MovementFiguresView } from './CashFigures';

/** A machine's or a merchant's acceptance and movements over the range chosen in the acceptance card's header. */
export function CashFigureSections({
  scope,
  range,
  onRangeChange,
  rangeTestId,
}: {
  scope: { serial: string } | { merchantId: string };
  range: DateRange;
  onRangeChange: (range: DateRange) => void;
  rangeTestId: string;
}) {
  const acceptance = useAcceptanceStats(scope, range.startDate, range.endDate);
  const movements = useMovementStats(scope, range.startDate, range.endDate);
  return (
    <>
      <section className="card">
        <header className="device-chart__header">
          <h2>
            <FormattedMessage id="cashData.acceptance.title" />
          </h2>
          <DateRangePicker value={range} onChange={onRangeChange} testId={rangeTestId} />
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
