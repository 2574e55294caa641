import { useEffect, useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ALL_DISTRIBUTORS_ID, type MerchantSummary } from '#schemas/merchant';
import { useSession } from '../../lib/session';

/** The merchant ("distributor") the screens work on; shown only to users with several merchants. */
export function MerchantSelector({ merchants }: { merchants: readonly MerchantSummary[] }) {
  const intl = useIntl();
  const id = useId();
  const { currentMerchantId, setCurrentMerchantId } = useSession();
  const first = merchants[0];

  // Keep the selection valid: a stored id that is gone (or none yet) falls back to the first entry.
  useEffect(() => {
    if (first && !merchants.some((m) => m.id === currentMerchantId)) setCurrentMerchantId(first.id);
  }, [merchants, first, currentMerchantId, setCurrentMerchantId]);

  if (merchants.length < 2) return null;

  return (
    <div className="merchant-selector">
      <label htmlFor={id} className="merchant-selector__label">
        <FormattedMessage id="merchant.selector.label" />
      </label>
      <select id={id} value={currentMerchantId ?? first?.id ?? ''} onChange={(e) => setCurrentMerchantId(e.target.value)} data-testid="merchant-selector">
        {merchants.map((m) => (
          <option key={m.id} value={m.id}>
            {m.id === ALL_DISTRIBUTORS_ID ? intl.formatMessage({ id: 'merchant.all' }) : m.name}
          </option>
        ))}
      </select>
    </div>
  );
}
