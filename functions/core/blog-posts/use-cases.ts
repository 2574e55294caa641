/** Blog posts (spec §2 /admin/blogposts): the super admin's only, which the routes enforce (the spec's role key is misspelt). */
import type { BlogPost, BlogPostInput, BlogPostView } from '#schemas/blog-post';
import type { Page, Total } from '#schemas/paging';
import { recordChange } from '../audit/change-recorder';
import { pageOf } from '../shared/page';
import { BlogPostNotFoundException } from './errors';
import { renderMarkdown } from './markdown';

export type BlogPostSummary = Omit<BlogPost, 'contentIt' | 'contentEn'>;

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

export const viewOf = (post: BlogPost): BlogPostView => ({ ...post, htmlIt: renderMarkdown(post.contentIt), htmlEn: renderMarkdown(post.contentEn) });

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
  const post: BlogPost = { id: deps.newId(), ...input, createdAt: now, updatedAt: now };
  await deps.blogPosts.create(post);
  recordChange('blogPost', post.id, undefined, post);
  return viewOf(post);
}

export async function updateBlogPost(deps: BlogPostDeps, id: string, input: BlogPostInput): Promise<BlogPostView> {
  const current = await requirePost(deps, id);
  const now = deps.now();
  const next: BlogPost = { ...current, ...input, updatedAt: now > current.updatedAt ? now : new Date(Date.parse(current.updatedAt) + 1).toISOString() };
  await deps.blogPosts.update(current, next);
  recordChange('blogPost', id, current, next);
  return viewOf(next);
}
