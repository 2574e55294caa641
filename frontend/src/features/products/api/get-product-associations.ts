import useSWR from 'swr';
import { ProductAssociations } from '#schemas/product';
import { apiGet } from '../../../lib/api';
import { productKey } from './get-product';

/** GET /merchants/{id}/products/{productId}/associations: the planograms with a line of the product and their machines. */
export const associationsKey = (merchantId: string, id: string) => `${productKey(merchantId, id)}/associations`;

export function useProductAssociations(merchantId: string | null, id: string) {
  return useSWR(merchantId ? associationsKey(merchantId, id) : null, (path: string) => apiGet(path, ProductAssociations));
}
