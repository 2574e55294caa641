import { useParams, useSearchParams } from 'react-router-dom';
import { useCurrentMerchant } from '../../lib/resources/use-current-merchant';

/** An item's screen under `listPath`: the merchant travels in the query (the app bar's merchant may change meanwhile). */
export const itemPath = (listPath: string, merchantId: string, id: string) =>
  `${listPath}/${encodeURIComponent(id)}?merchantId=${encodeURIComponent(merchantId)}`;

/** The item an item's screen shows: the id in the address, and its merchant (the query's, else the app bar's). */
export function useItemAddress(): { id: string; merchantId: string | null } {
  const id = useParams().id ?? '';
  const [search] = useSearchParams();
  const { merchant } = useCurrentMerchant();
  return { id, merchantId: search.get('merchantId') ?? merchant?.id ?? null };
}
