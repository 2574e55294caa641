import useSWR from 'swr';
import { CustomParameters } from '#schemas/product';
import { apiGet } from '../../../lib/api';
import { productsPath } from './get-product-page';

/** GET /merchants/{id}/products/custom-parameters: the merchant's own extra product fields. */
export const customParametersKey = (merchantId: string) => `${productsPath(merchantId)}/custom-parameters`;

export function useCustomParameters(merchantId: string | null) {
  return useSWR(merchantId ? customParametersKey(merchantId) : null, (path: string) => apiGet(path, CustomParameters));
}
