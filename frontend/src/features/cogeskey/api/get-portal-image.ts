import useSWR from 'swr';
import { fileDataUrl } from '../../../lib/content-upload';
import { portalPath } from './get-portal';

/** A portal image (a logo, a shown post's image) as a data: URL; `version` (its upload time) names the one to fetch. */
export function usePortalImage(merchantId: string, part: string, version: string | null) {
  return useSWR(version === null ? null : [portalPath(merchantId), part, version], () => fileDataUrl(`${portalPath(merchantId)}/${part}`), {
    revalidateOnFocus: false,
  });
}
