import useSWR, { mutate } from 'swr';
import type { Page } from '#schemas/paging';
import { ProductPage, type Product } from '#schemas/product';
import type { PageQuery } from '../../../components/data-table/table-state';
import { apiGet } from '../../../lib/api';

/** GET /merchants/{id}/products?page&size&ord=name|code&ordType&cursor&search&productType: a page of the catalogue. */
const LIST = '/products/page';
export const productsPath = (merchantId: string) => `/merchants/${encodeURIComponent(merchantId)}/products`;
export const productPageKey = (merchantId: string, query: PageQuery) => [LIST, productsPath(merchantId), query] as const;
export const fetchProductPage = (path: string, query: PageQuery) => apiGet(path, ProductPage, { query });

export function useProductPage(merchantId: string, query: PageQuery) {
  return useSWR(productPageKey(merchantId, query), ([, path, q]) => fetchProductPage(path, q), { keepPreviousData: true });
}

/** After products are created, changed or imported: the loaded pages load again. */
export const revalidateProductLists = () => mutate((key) => Array.isArray(key) && key[0] === LIST);

/** After a product is deleted: gone from the loaded pages at once, then they load again. */
export function removeFromProductLists(id: string): Promise<unknown> {
  const without = (page: Page<Product> | undefined) => page && { ...page, items: page.items.filter((p) => p.id !== id), total: Math.max(0, page.total - 1) };
  return mutate((key) => Array.isArray(key) && key[0] === LIST, without);
}
