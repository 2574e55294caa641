import { FormattedMessage } from 'react-intl';
import type { Kpis } from '#schemas/kpis';
import { formatCalendarDay, useFormat } from '../../../lib/format';

/** The interval the figures cover, in the user's date format. */
export function KpiInterval({ kpis }: { kpis: Kpis }) {
  const f = useFormat();
  return (
    <p className="kpis-period" data-testid="kpis-period">
      <FormattedMessage id="kpis.period" values={{ from: formatCalendarDay(kpis.from, f.locale), to: formatCalendarDay(kpis.to, f.locale), days: kpis.days }} />
    </p>
  );
}
