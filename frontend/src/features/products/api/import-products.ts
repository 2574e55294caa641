import { ProductImportResult } from '#schemas/product';
import { apiRequest, LONG_TIMEOUT_MS } from '../../../lib/api';
import { productsPath, revalidateProductLists } from './get-product-page';

/** POST /merchants/{id}/products/import { csv }: upsert by code; 400 ProductImportInvalidException lists the bad rows. */
export async function importProducts(merchantId: string, csv: string): Promise<ProductImportResult> {
  const result = await apiRequest(`${productsPath(merchantId)}/import`, {
    method: 'POST',
    body: { csv },
    schema: ProductImportResult,
    timeoutMs: LONG_TIMEOUT_MS,
  });
  void revalidateProductLists();
  return result;
}
