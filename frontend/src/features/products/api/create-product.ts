import { mutate } from 'swr';
import { Product, type ProductInput } from '#schemas/product';
import { apiRequest } from '../../../lib/api';
import { productKey } from './get-product';
import { productsPath, revalidateProductLists } from './get-product-page';

/** POST /merchants/{id}/products → 201; 409 when the merchant has a product with that code or name. */
export async function createProduct(merchantId: string, input: ProductInput): Promise<Product> {
  const product = await apiRequest(productsPath(merchantId), { method: 'POST', body: input, schema: Product });
  await mutate(productKey(merchantId, product.id), product, { revalidate: false });
  void revalidateProductLists();
  return product;
}
