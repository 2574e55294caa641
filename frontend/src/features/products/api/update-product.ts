import { mutate } from 'swr';
import { Product, type ProductInput } from '#schemas/product';
import { apiRequest } from '../../../lib/api';
import { productKey } from './get-product';
import { revalidateProductLists } from './get-product-page';

/** PUT /merchants/{id}/products/{productId}: every field (code and name stay unique in the merchant). */
export async function updateProduct(merchantId: string, id: string, input: ProductInput): Promise<Product> {
  const product = await apiRequest(productKey(merchantId, id), { method: 'PUT', body: input, schema: Product });
  await mutate(productKey(merchantId, id), product, { revalidate: false });
  void revalidateProductLists();
  return product;
}
