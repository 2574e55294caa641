import { mutate } from 'swr';
import { apiRequest } from '../../../lib/api';
import { productKey } from './get-product';
import { removeFromProductLists } from './get-product-page';

/** DELETE /merchants/{id}/products/{productId} → 204; 409 ProductInUseException while a planogram has a line of it. */
export async function deleteProduct(merchantId: string, id: string): Promise<void> {
  await apiRequest<void>(productKey(merchantId, id), { method: 'DELETE' });
  await mutate(productKey(merchantId, id), undefined, { revalidate: false });
  void removeFromProductLists(id);
}
