import { Fragment, type ReactNode } from 'react';
import { useCurrentMerchant } from '../lib/resources/use-current-merchant';
import { EmptyState, Loaded } from './states';

/**
 * A screen's content that works on one merchant: the one picked in the app bar. "All distributors" shows
 * `chooseMessageId` instead. `children` is keyed by the merchant, so its state (cursors, lists) is per merchant.
 */
export function OneMerchant({ chooseMessageId, children }: { chooseMessageId: string; children: (merchantId: string) => ReactNode }) {
  const { merchant, all, merchants } = useCurrentMerchant();
  const merchantId = merchant && !all ? merchant.id : null;
  return (
    <Loaded result={merchants}>
      {() =>
        merchantId === null ? (
          <section className="card">
            <EmptyState messageId={chooseMessageId} />
          </section>
        ) : (
          <Fragment key={merchantId}>{children(merchantId)}</Fragment>
        )
      }
    </Loaded>
  );
}
