import type { ReactNode } from 'react';
import { ALL_DISTRIBUTORS_ID } from '#schemas/merchant';
import { useCurrentMerchant } from '../../lib/resources/use-current-merchant';
import { ForOneMerchant, Loaded } from '../states';

/**
 * Which merchants a screen of items works on:
 * - `one` (items that belong to one merchant): the one picked in the app bar; "all distributors" asks for one;
 * - `picked`: the app bar's pick, "all distributors" (or no merchant) meaning every merchant;
 * - `every`: every merchant the user sees, whatever the pick.
 * `children` get the merchant's id, ALL_DISTRIBUTORS_ID for every merchant.
 */
export type MerchantScope =
  { scope?: 'one'; chooseMessageId: string } | { scope: 'picked'; chooseMessageId?: never } | { scope: 'every'; chooseMessageId?: never };

export function ForMerchantScope(props: MerchantScope & { children: (merchantId: string) => ReactNode }) {
  const { children } = props;
  const { merchant, merchantId, merchants } = useCurrentMerchant();
  if (props.scope === 'every') return children(ALL_DISTRIBUTORS_ID);
  if (props.scope === 'picked') return <Loaded result={merchants}>{() => children(merchant?.id ?? ALL_DISTRIBUTORS_ID)}</Loaded>;
  return (
    <ForOneMerchant merchants={merchants} merchantId={merchantId} chooseMessageId={props.chooseMessageId}>
      {children}
    </ForOneMerchant>
  );
}
