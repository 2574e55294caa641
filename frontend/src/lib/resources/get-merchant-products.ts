import useSWR from 'swr';
import { MAX_PAGE_SIZE } from '#schemas/paging';
import { ProductPage, type Product } from '#schemas/product';
import { apiGet, LONG_TIMEOUT_MS } from '../api';

/** Every product of a merchant by name (GET /merchants/{id}/products page after page): product pickers (planogram lines, bulk prices). */
async function fetchProducts(merchantId: string): Promise<Product[]> {
  const path = `/merchants/${encodeURIComponent(merchantId)}/products`;
  const products: Product[] = [];
  let cursor: string | undefined;
  for (let page = 1; ; page++) {
    const answer = await apiGet(path, ProductPage, { query: { page, size: MAX_PAGE_SIZE, ord: 'name', ordType: 'asc', cursor }, timeoutMs: LONG_TIMEOUT_MS });
    products.push(...answer.items);
    cursor = answer.cursor;
    if (answer.items.length === 0 || products.length >= answer.total) return products;
  }
}

export function useMerchantProducts(merchantId: string | null) {
  return useSWR(merchantId ? ['/merchants/products-of', merchantId] : null, ([, id]) => fetchProducts(id), { keepPreviousData: true });
}
