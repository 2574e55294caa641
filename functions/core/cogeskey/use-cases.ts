/**
 * A merchant's customer portal (CogesKey): the super admin edits it; the super admin and the merchant's admins read
 * it, as the preview does, with what the customer's app reads of it (contacts, privacy, services, published posts).
 */
import type { BlogPost } from '#schemas/blog-post';
import {
  PORTAL_DEFAULTS,
  PORTAL_FILE_POLICIES,
  type PortalBlogPost,
  type PortalFileKind,
  type PortalSettings,
  type PortalSettingsInput,
} from '#schemas/cogeskey';
import type { ContentFileAccept, ContentFileType } from '#schemas/content-file';
import type { ReleaseUpload } from '#schemas/release-file';
import type { WebPaymentService } from '#schemas/webpayment-service';
import { recordChange } from '../audit/change-recorder';
import { renderMarkdown } from '../blog-posts/markdown';
import { acceptContentUpload, requestContentUpload, shownFile, type ContentFileStore } from '../content-files/accept';
import { MerchantNotFoundException } from '../merchants/errors';
import type { MerchantRepository } from '../merchants/ports';
import type { Principal } from '../shared/principal';
import { canSeeMerchant } from '../shared/scope';
import { PortalBlogPostNotFoundException, PortalFileNotFoundException, UnknownPortalItemsException } from './errors';
import type { PortalCatalogue, PortalRepository, StoredPortal } from './ports';

export interface PortalDeps {
  portals: PortalRepository;
  catalogue: PortalCatalogue;
  merchants: Pick<MerchantRepository, 'get'>;
  contentFiles: ContentFileStore;
  now: () => string;
}

const NEVER = '0001-01-01T00:00:00.000Z';
/** Spec §4 blog visibility 1: published. */
const PUBLISHED = 1;

const shown = (p: StoredPortal, configured: boolean): PortalSettings => ({
  ...p,
  logo: shownFile(p.logo),
  appLogo: shownFile(p.appLogo),
  ingredients: shownFile(p.ingredients),
  configured,
});

/** The merchant's portal as stored, or its defaults (the merchant must exist and be the caller's). */
async function storedPortal(deps: Pick<PortalDeps, 'portals' | 'merchants'>, principal: Principal, merchantId: string) {
  if (!canSeeMerchant(principal, merchantId)) throw new MerchantNotFoundException();
  const [stored, merchant] = await Promise.all([deps.portals.get(merchantId), deps.merchants.get(merchantId)]);
  if (!merchant) throw new MerchantNotFoundException();
  const portal: StoredPortal = stored ?? { merchantId, ...PORTAL_DEFAULTS, logo: null, appLogo: null, ingredients: null, updatedAt: NEVER };
  return { portal, configured: stored !== undefined };
}

/** A version after the one read, even when the clock has not moved on. */
function nextVersion(deps: Pick<PortalDeps, 'now'>, current: StoredPortal): string {
  const now = deps.now();
  return now > current.updatedAt ? now : new Date(Date.parse(current.updatedAt) + 1).toISOString();
}

export async function getPortal(deps: PortalDeps, principal: Principal, merchantId: string): Promise<PortalSettings> {
  const { portal, configured } = await storedPortal(deps, principal, merchantId);
  return shown(portal, configured);
}

/** Replaces the settings (its files stay); every chosen service and blog post must exist (400 naming each unknown one). */
export async function savePortal(deps: PortalDeps, principal: Principal, merchantId: string, input: PortalSettingsInput): Promise<PortalSettings> {
  const { portal: current, configured } = await storedPortal(deps, principal, merchantId);
  const serviceIds = [...new Set(input.serviceIds)];
  const blogPostIds = [...new Set(input.blogPostIds)];
  const [services, posts] = await Promise.all([deps.catalogue.services(serviceIds), deps.catalogue.blogPosts(blogPostIds)]);
  const known = new Set([...services.map((s) => s.id), ...posts.map((p) => p.id)]);
  const unknown = [
    ...input.serviceIds.flatMap((id, i) => (known.has(id) ? [] : [{ path: `body.serviceIds.${i}`, message: `no web payment service ${id}` }])),
    ...input.blogPostIds.flatMap((id, i) => (known.has(id) ? [] : [{ path: `body.blogPostIds.${i}`, message: `no blog post ${id}` }])),
  ];
  if (unknown.length) throw new UnknownPortalItemsException(unknown);
  const next: StoredPortal = { ...current, ...input, serviceIds, blogPostIds, updatedAt: nextVersion(deps, current) };
  await deps.portals.save(next, configured ? current.updatedAt : undefined);
  recordChange('cogesKeyPortal', merchantId, configured ? shown(current, true) : undefined, shown(next, true));
  return shown(next, true);
}

export async function portalContacts(deps: PortalDeps, principal: Principal, merchantId: string) {
  return { items: (await storedPortal(deps, principal, merchantId)).portal.contacts };
}

export async function portalPrivacy(deps: PortalDeps, principal: Principal, merchantId: string) {
  return { text: (await storedPortal(deps, principal, merchantId)).portal.privacyText };
}

/** The chosen web payment services, in the portal's order. */
export async function portalServices(deps: PortalDeps, principal: Principal, merchantId: string) {
  const { portal } = await storedPortal(deps, principal, merchantId);
  const byId = new Map((await deps.catalogue.services(portal.serviceIds)).map((s): [string, WebPaymentService] => [s.id, s]));
  return {
    items: portal.serviceIds.flatMap((id) => {
      const s = byId.get(id);
      return s ? [{ id: s.id, name: s.name, description: s.description, url: s.url, type: s.type }] : [];
    }),
  };
}

/** The chosen posts that are published, newest first, rendered (sanitised HTML). */
async function publishedPosts(deps: PortalDeps, portal: StoredPortal): Promise<BlogPost[]> {
  const posts = await deps.catalogue.blogPosts(portal.blogPostIds);
  return posts.filter((p) => p.visibility === PUBLISHED).sort((a, b) => (dateOf(b) < dateOf(a) ? -1 : dateOf(b) > dateOf(a) ? 1 : 0));
}
const dateOf = (p: BlogPost) => p.publishedOn ?? p.createdAt.slice(0, 10);

export async function portalBlogPosts(deps: PortalDeps, principal: Principal, merchantId: string): Promise<{ items: PortalBlogPost[] }> {
  const { portal } = await storedPortal(deps, principal, merchantId);
  return {
    items: (await publishedPosts(deps, portal)).map((p) => ({
      id: p.id,
      title: p.title,
      slug: p.slug,
      excerpt: p.excerpt,
      htmlIt: renderMarkdown(p.contentIt),
      htmlEn: renderMarkdown(p.contentEn),
      publishedOn: dateOf(p),
      hasImage: p.image !== null,
    })),
  };
}

/** A link (5 minutes) to the image of a post the portal shows. */
export async function portalBlogPostImageUrl(deps: PortalDeps, principal: Principal, merchantId: string, postId: string): Promise<string> {
  const { portal } = await storedPortal(deps, principal, merchantId);
  const post = (await publishedPosts(deps, portal)).find((p) => p.id === postId);
  if (!post?.image) throw new PortalBlogPostNotFoundException();
  return deps.contentFiles.downloadUrl(post.image.key, { fileName: post.image.fileName });
}

export function requestPortalUpload(
  deps: Pick<PortalDeps, 'contentFiles'>,
  body: { kind: PortalFileKind; contentType: ContentFileType; size: number },
): Promise<ReleaseUpload> {
  return requestContentUpload(deps.contentFiles, PORTAL_FILE_POLICIES[body.kind], body);
}

/**
 * Sets one of the portal's files from an upload checked by its own bytes (a logo: jpg or png of at most 500 × 200 px;
 * the ingredients: pdf). The file it replaces is deleted once the portal names the new one; a failed save deletes the new one.
 */
export async function setPortalFile(
  deps: PortalDeps,
  principal: Principal,
  merchantId: string,
  kind: PortalFileKind,
  upload: ContentFileAccept,
): Promise<PortalSettings> {
  const { portal: current, configured } = await storedPortal(deps, principal, merchantId);
  const file = await acceptContentUpload(deps.contentFiles, PORTAL_FILE_POLICIES[kind], merchantId, upload, deps.now());
  const next: StoredPortal = { ...current, [kind]: file, updatedAt: nextVersion(deps, current) };
  try {
    await deps.portals.save(next, configured ? current.updatedAt : undefined);
  } catch (error) {
    await deps.contentFiles.remove(file.key);
    throw error;
  }
  const previous = current[kind];
  if (previous) await deps.contentFiles.remove(previous.key);
  recordChange('cogesKeyPortal', merchantId, { [kind]: shownFile(previous) }, { [kind]: shownFile(file) });
  return shown(next, true);
}

export async function removePortalFile(deps: PortalDeps, principal: Principal, merchantId: string, kind: PortalFileKind): Promise<void> {
  const { portal: current, configured } = await storedPortal(deps, principal, merchantId);
  const previous = current[kind];
  if (!previous || !configured) throw new PortalFileNotFoundException();
  await deps.portals.save({ ...current, [kind]: null, updatedAt: nextVersion(deps, current) }, current.updatedAt);
  await deps.contentFiles.remove(previous.key);
  recordChange('cogesKeyPortal', merchantId, { [kind]: shownFile(previous) }, { [kind]: null });
}

/** A link (5 minutes) to one of the portal's files. */
export async function portalFileUrl(deps: PortalDeps, principal: Principal, merchantId: string, kind: PortalFileKind): Promise<string> {
  const file = (await storedPortal(deps, principal, merchantId)).portal[kind];
  if (!file) throw new PortalFileNotFoundException();
  return deps.contentFiles.downloadUrl(file.key, { fileName: file.fileName });
}
