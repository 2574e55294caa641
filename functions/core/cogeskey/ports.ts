import type { BlogPost } from '#schemas/blog-post';
import type { PortalSettingsInput } from '#schemas/cogeskey';
import type { StoredContentFile } from '#schemas/content-file';
import type { WebPaymentService } from '#schemas/webpayment-service';

/** A merchant's portal as stored: the settings, its files with their keys, and the version read. */
export type StoredPortal = PortalSettingsInput & {
  merchantId: string;
  logo: StoredContentFile | null;
  appLogo: StoredContentFile | null;
  ingredients: StoredContentFile | null;
  updatedAt: string;
};

export interface PortalRepository {
  get(merchantId: string): Promise<StoredPortal | undefined>;
  /**
   * Put conditioned on the version read (`previousUpdatedAt`; undefined = none yet) and on the merchant existing.
   * Throws PortalChangedConcurrentlyException, MerchantNotFoundException.
   */
  save(next: StoredPortal, previousUpdatedAt: string | undefined): Promise<void>;
}

/** What a portal names of the platform's catalogue, by id (unknown ids left out). */
export interface PortalCatalogue {
  services(ids: readonly string[]): Promise<WebPaymentService[]>;
  blogPosts(ids: readonly string[]): Promise<BlogPost[]>;
}
