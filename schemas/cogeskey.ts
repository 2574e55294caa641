/**
 * The customer portal (CogesKey) of a merchant (spec §2 /manage/cogeskey-portal, super admin; /cogeskey/preview, super
 * admin and merchant admin; §3 portal settings; §5 logo jpg or png of at most 500 × 200 px, ingredients file pdf;
 * §7 /cogeskey/{m}, contacts, privacy, services, blogposts).
 *
 * - GET /cogeskey/{m}: the settings (defaults until first saved); PUT (super admin) replaces them.
 * - GET /cogeskey/{m}/contacts, /privacy, /services, /blogposts: what the customer's app shows (services are web
 *   payment services of the platform, blog posts only the published ones the portal chose).
 * - POST /cogeskey/{m}/uploads (super admin): an upload link; PUT /cogeskey/{m}/files/{kind} accepts the uploaded file
 *   (checked by its own bytes), DELETE removes it, GET redirects to it.
 */
import * as z from 'zod/mini';
import { BlogPostId } from './blog-post';
import { isPhone } from './client';
import { ContentFile, IMAGE_TYPES, LOGO_MAX_HEIGHT, LOGO_MAX_WIDTH, contentUploadRequest, type ContentFilePolicy } from './content-file';
import { MerchantId } from './merchant-summary';
import { numberIn } from './number-enum';
import { WebPaymentServiceId } from './webpayment-service';

/** Spec §4 mobile theme: 0 light, 1 dark. */
export const MOBILE_THEMES = [0, 1] as const;
export const HEX_COLOUR_PATTERN = /^#[0-9a-fA-F]{6}$/;
export const MAX_PORTAL_CONTACTS = 10;
export const MAX_PORTAL_SERVICES = 20;
export const MAX_PORTAL_POSTS = 50;
export const MAX_PRIVACY_LENGTH = 20_000;

/** The portal's files: the web logo, the mobile app's logo (both ≤ 500 × 200 px, jpg or png), the ingredients pdf. */
export const PORTAL_FILE_KINDS = ['logo', 'appLogo', 'ingredients'] as const;
export type PortalFileKind = (typeof PORTAL_FILE_KINDS)[number];
export const PORTAL_FILE_POLICIES: Readonly<Record<PortalFileKind, ContentFilePolicy>> = {
  logo: { folder: 'cogeskey', types: IMAGE_TYPES, maxBytes: 1024 * 1024, maxWidth: LOGO_MAX_WIDTH, maxHeight: LOGO_MAX_HEIGHT },
  appLogo: { folder: 'cogeskey', types: IMAGE_TYPES, maxBytes: 1024 * 1024, maxWidth: LOGO_MAX_WIDTH, maxHeight: LOGO_MAX_HEIGHT },
  ingredients: { folder: 'cogeskey', types: ['application/pdf'], maxBytes: 10 * 1024 * 1024 },
};

export const CogesKeyParams = z.strictObject({ merchantId: MerchantId });
export const CogesKeyFileParams = z.strictObject({
  merchantId: MerchantId,
  kind: z.enum(PORTAL_FILE_KINDS, { error: 'kind must be logo, appLogo or ingredients' }),
});
export const CogesKeyPostParams = z.strictObject({ merchantId: MerchantId, postId: BlogPostId });
export const PortalUploadRequest = contentUploadRequest(PORTAL_FILE_KINDS);

const text = (field: string, max: number) => z._default(z.string().check(z.trim(), z.maxLength(max, `${field}: at most ${max} characters`)), '');

export const PortalContact = z.strictObject({
  label: z.string().check(z.trim(), z.minLength(1, 'label is required'), z.maxLength(60, 'label: at most 60 characters')),
  phone: z._default(
    z.string().check(
      z.trim(),
      z.maxLength(30, 'phone: at most 30 characters'),
      z.refine((v) => v === '' || isPhone(v), 'invalid phone'),
    ),
    '',
  ),
  email: z._default(z.union([z.literal(''), z.email('invalid email').check(z.maxLength(200, 'email: at most 200 characters'))]), ''),
});
export type PortalContact = z.infer<typeof PortalContact>;

export const PortalSettingsInput = z.strictObject({
  name: z.string().check(z.trim(), z.minLength(1, 'name is required'), z.maxLength(100, 'name: at most 100 characters')),
  websiteUrl: z._default(
    z.union([z.literal(''), z.url({ protocol: /^https?$/, error: 'websiteUrl must be an http or https URL' }).check(z.maxLength(300))]),
    '',
  ),
  mainColor: z.string().check(z.regex(HEX_COLOUR_PATTERN, 'mainColor must be a hex colour (#RRGGBB)')),
  mobileTheme: numberIn(MOBILE_THEMES, 'mobileTheme must be 0 (light) or 1 (dark)'),
  contacts: z._default(z.array(PortalContact).check(z.maxLength(MAX_PORTAL_CONTACTS, `at most ${MAX_PORTAL_CONTACTS} contacts`)), []),
  privacyText: text('privacyText', MAX_PRIVACY_LENGTH),
  serviceIds: z._default(z.array(WebPaymentServiceId).check(z.maxLength(MAX_PORTAL_SERVICES, `at most ${MAX_PORTAL_SERVICES} services`)), []),
  blogPostIds: z._default(z.array(BlogPostId).check(z.maxLength(MAX_PORTAL_POSTS, `at most ${MAX_PORTAL_POSTS} blog posts`)), []),
});
export type PortalSettingsInput = z.infer<typeof PortalSettingsInput>;

export const PortalSettings = z.object({
  merchantId: z.string(),
  name: z.string(),
  websiteUrl: z.string(),
  mainColor: z.string(),
  mobileTheme: z.number(),
  contacts: z.array(z.object({ label: z.string(), phone: z.string(), email: z.string() })),
  privacyText: z.string(),
  serviceIds: z.array(z.string()),
  blogPostIds: z.array(z.string()),
  logo: z.nullable(ContentFile),
  appLogo: z.nullable(ContentFile),
  ingredients: z.nullable(ContentFile),
  /** Whether it was ever saved (else the answer is the defaults). */
  configured: z.boolean(),
  updatedAt: z.string(),
});
export type PortalSettings = z.infer<typeof PortalSettings>;

export const PORTAL_DEFAULTS = {
  name: '',
  websiteUrl: '',
  mainColor: '#1565c0',
  mobileTheme: 0,
  contacts: [],
  privacyText: '',
  serviceIds: [],
  blogPostIds: [],
};

export const PortalContacts = z.object({ items: z.array(z.object({ label: z.string(), phone: z.string(), email: z.string() })) });
export const PortalPrivacy = z.object({ text: z.string() });
export const PortalService = z.object({ id: z.string(), name: z.string(), description: z.string(), url: z.string(), type: z.number() });
export const PortalServices = z.object({ items: z.array(PortalService) });
export const PortalBlogPost = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  excerpt: z.string(),
  htmlIt: z.string(),
  htmlEn: z.string(),
  publishedOn: z.string(),
  hasImage: z.boolean(),
});
export type PortalBlogPost = z.infer<typeof PortalBlogPost>;
export const PortalBlogPosts = z.object({ items: z.array(PortalBlogPost) });
