/** Blog posts (spec §2 /admin/blogposts): the super admin's only, which the routes enforce (the spec's role key is misspelt). */
import { BLOG_IMAGE_POLICY, type BlogPost, type BlogPostInput, type BlogPostView } from '#schemas/blog-post';
import type { ContentFileAccept, ContentFileType } from '#schemas/content-file';
import type { ReleaseUpload } from '#schemas/release-file';
import type { Page, Total } from '#schemas/paging';
import { recordChange } from '../audit/change-recorder';
import { acceptContentUpload, requestContentUpload, shownFile, type ContentFileStore } from '../content-files/accept';
import { pageOf } from '../shared/page';
import { BlogPostImageNotFoundException, BlogPostNotFoundException } from './errors';
import { renderMarkdown } from './markdown';

export type BlogPostSummary = Omit<BlogPost, 'contentIt' | 'contentEn' | 'image'>;

export interface BlogPostRepository {
  get(id: string): Promise<BlogPost | undefined>;
  /** Newest first unless ordType asc. */
  listSlice(slice: { offset: number; limit: number; ordType: 'asc' | 'desc'; cursor?: string }): Promise<{ items: BlogPostSummary[]; cursor?: string }>;
  count(): Promise<Total>;
  /** With its slug's guard in one transaction; throws DuplicateBlogPostSlugException. */
  create(post: BlogPost): Promise<void>;
  /** Conditioned on the version read; a new slug swaps the guards. Throws DuplicateBlogPostSlugException, BlogPostChangedConcurrentlyException. */
  update(current: BlogPost, next: BlogPost): Promise<void>;
}

export interface BlogPostDeps {
  blogPosts: BlogPostRepository;
  newId: () => string;
  now: () => string;
}

export const viewOf = (post: BlogPost): BlogPostView => ({
  ...post,
  image: shownFile(post.image),
  htmlIt: renderMarkdown(post.contentIt),
  htmlEn: renderMarkdown(post.contentEn),
});

export async function listBlogPosts(
  deps: Pick<BlogPostDeps, 'blogPosts'>,
  q: { page: number; size: number; ordType: 'asc' | 'desc'; cursor?: string },
): Promise<Page<BlogPostSummary>> {
  const [slice, total] = await Promise.all([
    deps.blogPosts.listSlice({ offset: (q.page - 1) * q.size, limit: q.size, ordType: q.ordType, cursor: q.cursor }),
    deps.blogPosts.count(),
  ]);
  return pageOf(q, slice, total);
}

async function requirePost(deps: Pick<BlogPostDeps, 'blogPosts'>, id: string): Promise<BlogPost> {
  const post = await deps.blogPosts.get(id);
  if (!post) throw new BlogPostNotFoundException();
  return post;
}

export async function getBlogPost(deps: Pick<BlogPostDeps, 'blogPosts'>, id: string): Promise<BlogPostView> {
  return viewOf(await requirePost(deps, id));
}

export async function createBlogPost(deps: BlogPostDeps, input: BlogPostInput): Promise<BlogPostView> {
  const now = deps.now();
  const post: BlogPost = { id: deps.newId(), ...input, image: null, createdAt: now, updatedAt: now };
  await deps.blogPosts.create(post);
  recordChange('blogPost', post.id, undefined, post);
  return viewOf(post);
}

export async function updateBlogPost(deps: BlogPostDeps, id: string, input: BlogPostInput): Promise<BlogPostView> {
  const current = await requirePost(deps, id);
  const next: BlogPost = { ...current, ...input, updatedAt: nextVersion(deps, current) };
  await deps.blogPosts.update(current, next);
  recordChange('blogPost', id, current, next);
  return viewOf(next);
}

/** A version after the one read, even when the clock has not moved on. */
function nextVersion(deps: Pick<BlogPostDeps, 'now'>, current: BlogPost): string {
  const now = deps.now();
  return now > current.updatedAt ? now : new Date(Date.parse(current.updatedAt) + 1).toISOString();
}

export interface BlogImageDeps extends BlogPostDeps {
  contentFiles: ContentFileStore;
}

/** An upload link for a post's image (jpg or png); the post then names it in PUT …/image. */
export function requestBlogImageUpload(
  deps: Pick<BlogImageDeps, 'contentFiles'>,
  body: { contentType: ContentFileType; size: number },
): Promise<ReleaseUpload> {
  return requestContentUpload(deps.contentFiles, BLOG_IMAGE_POLICY, body);
}

/** Sets the post's image from an upload checked by content; the image it replaces is deleted once the post names the new one. */
export async function setBlogPostImage(deps: BlogImageDeps, id: string, upload: ContentFileAccept): Promise<BlogPostView> {
  const current = await requirePost(deps, id);
  const image = await acceptContentUpload(deps.contentFiles, BLOG_IMAGE_POLICY, id, upload, deps.now());
  const next: BlogPost = { ...current, image, updatedAt: nextVersion(deps, current) };
  try {
    await deps.blogPosts.update(current, next);
  } catch (error) {
    await deps.contentFiles.remove(image.key);
    throw error;
  }
  if (current.image) await deps.contentFiles.remove(current.image.key);
  recordChange('blogPost', id, { image: shownFile(current.image) }, { image: shownFile(image) });
  return viewOf(next);
}

export async function removeBlogPostImage(deps: BlogImageDeps, id: string): Promise<void> {
  const current = await requirePost(deps, id);
  if (!current.image) throw new BlogPostImageNotFoundException();
  await deps.blogPosts.update(current, { ...current, image: null, updatedAt: nextVersion(deps, current) });
  await deps.contentFiles.remove(current.image.key);
  recordChange('blogPost', id, { image: shownFile(current.image) }, { image: null });
}

/** A link (5 minutes) to the post's image. */
export async function blogPostImageUrl(deps: Pick<BlogImageDeps, 'blogPosts' | 'contentFiles'>, id: string): Promise<string> {
  const { image } = await requirePost(deps, id);
  if (!image) throw new BlogPostImageNotFoundException();
  return deps.contentFiles.downloadUrl(image.key, { fileName: image.fileName });
}
