import useSWR from 'swr';
import { Product } from '#schemas/product';
import { apiGet } from '../../../lib/api';
import { productsPath } from './get-product-page';

/** GET /merchants/{id}/products/{productId}; another merchant's product answers 404. */
export const productKey = (merchantId: string, id: string) => `${productsPath(merchantId)}/${encodeURIComponent(id)}`;

export function useProduct(merchantId: string | null, id: string) {
  return useSWR(merchantId ? productKey(merchantId, id) : null, (path: string) => apiGet(path, Product));
}
