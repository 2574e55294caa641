import { useIntl } from 'react-intl';
import { labelOf, ORDER_RESULT_MESSAGES, ORDER_RESULT_TONE } from '../order-labels';

/** An order's result (spec §4: waiting, success, error) as a badge. */
export function OrderResultBadge({ result }: { result: number }) {
  const intl = useIntl();
  const tone = ORDER_RESULT_TONE[result as 0] ?? 'neutral';
  return (
    <span className={`badge badge--${tone}`} data-order-result={result}>
      {labelOf(ORDER_RESULT_MESSAGES, result, (id) => intl.formatMessage({ id }))}
    </span>
  );
}
