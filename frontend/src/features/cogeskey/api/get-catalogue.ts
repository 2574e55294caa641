import useSWR from 'swr';
import { BlogPostPage } from '#schemas/blog-post';
import { WebPaymentServicePage } from '#schemas/webpayment-service';
import { apiGet } from '../../../lib/api';

/** What a portal may show (super admin): the platform's web payment services and blog posts, the first 100 of each. */
export function usePortalCatalogue() {
  return useSWR('/cogeskey/catalogue', async () => {
    const [services, posts] = await Promise.all([
      apiGet('/webpayment-services', WebPaymentServicePage, { query: { page: 1, size: 100, ord: 'name', ordType: 'asc' } }),
      apiGet('/blogposts', BlogPostPage, { query: { page: 1, size: 100 } }),
    ]);
    return { services: services.items, posts: posts.items };
  });
}
