import { useCallback } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MachineStock } from '#schemas/stock';
import { useFormat } from '../../../lib/format';
import { daysToSellOutMessage, STOCK_STATUS_MESSAGES, STOCK_STATUS_TONE } from '../stock-labels';

/** A stock status in words and colour (out red, low amber, in stock green). */
export function StockStatusBadge({ status }: { status: MachineStock['status'] }) {
  return (
    <span className={`badge badge--${STOCK_STATUS_TONE[status]}`} data-stock-status={status}>
      <FormattedMessage id={STOCK_STATUS_MESSAGES[status]} />
    </span>
  );
}

/** How full a machine is: a bar (decoration) and the percentage (what is read out). */
export function FillBar({ percent }: { percent: number }) {
  const format = useFormat();
  const width = Math.min(100, Math.max(0, percent));
  const tone = width < 25 ? 'bad' : width < 50 ? 'warn' : 'ok';
  return (
    <span className="fill-bar" data-fill={percent}>
      <span className="fill-bar__track" aria-hidden="true">
        <span className={`fill-bar__value fill-bar__value--${tone}`} style={{ width: `${width}%` }} />
      </span>
      <span className="fill-bar__number">{format.percent(percent)}</span>
    </span>
  );
}

export function DaysToSellOut({ days }: { days: number | null }) {
  const { messageId, values } = daysToSellOutMessage(days);
  return (
    <span data-days={days ?? ''}>
      <FormattedMessage id={messageId} values={values} />
    </span>
  );
}

/** The text of DaysToSellOut (for CSV and table values). */
export function useDaysToSellOutText() {
  const intl = useIntl();
  return useCallback(
    (days: number | null) => {
      const { messageId, values } = daysToSellOutMessage(days);
      return intl.formatMessage({ id: messageId }, values);
    },
    [intl],
  );
}
