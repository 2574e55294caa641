import useSWR from 'swr';
import { PortalBlogPosts, PortalContacts, PortalPrivacy, PortalServices, PortalSettings } from '#schemas/cogeskey';
import { apiGet } from '../../../lib/api';

/** GET /cogeskey/{m}: the portal's settings and files (defaults, configured false, until first saved). */
export const portalPath = (merchantId: string) => `/cogeskey/${encodeURIComponent(merchantId)}`;

export function usePortal(merchantId: string) {
  return useSWR(portalPath(merchantId), (key: string) => apiGet(key, PortalSettings));
}

/** What the customer's app reads of the portal (spec §7): contacts, privacy, services, published posts; one request each. */
export function usePortalView(merchantId: string) {
  const base = portalPath(merchantId);
  return useSWR([base, 'view'] as const, async () => {
    const [settings, contacts, privacy, services, posts] = await Promise.all([
      apiGet(base, PortalSettings),
      apiGet(`${base}/contacts`, PortalContacts),
      apiGet(`${base}/privacy`, PortalPrivacy),
      apiGet(`${base}/services`, PortalServices),
      apiGet(`${base}/blogposts`, PortalBlogPosts),
    ]);
    return { settings, contacts: contacts.items, privacy: privacy.text, services: services.items, posts: posts.items };
  });
}
export type PortalView = NonNullable<ReturnType<typeof usePortalView>['data']>;
