import { BlogPostInput, BlogPostListQuery, BlogPostPage, BlogPostParams, BlogPostView } from '#schemas/blog-post';
import { SUPER_ADMIN } from '#schemas/roles';
import { createBlogPost, getBlogPost, listBlogPosts, updateBlogPost } from '../../core/blog-posts/use-cases';
import { routeFor } from '../../http/manifest';
import type { BlogPostsGroupDeps } from './deps';

const route = routeFor<BlogPostsGroupDeps>();

/**
 * Blog posts (spec §2 /admin/blogposts): the spec declares these screens' roles under a misspelt key, so readings
 * differ on who may use them; every route here is the super admin's only.
 */
export const routes = [
  route({
    id: 'blogPosts.list',
    method: 'GET',
    path: '/blogposts',
    roles: SUPER_ADMIN,
    summary: 'Blog posts, newest first unless ordType=asc, a page, without their content',
    request: { query: BlogPostListQuery },
    response: BlogPostPage,
    handler: ({ deps, query }) => listBlogPosts(deps, query),
  }),
  route({
    id: 'blogPosts.create',
    method: 'POST',
    path: '/blogposts',
    roles: SUPER_ADMIN,
    summary:
      'Create a blog post: Italian and English Markdown content both required; answered with both rendered as sanitised HTML; 409 DuplicateBlogPostSlugException when another post has the slug',
    request: { body: BlogPostInput },
    response: BlogPostView,
    status: 201,
    errors: { 409: ['DuplicateBlogPostSlugException'] },
    handler: ({ deps, body }) => createBlogPost(deps, body),
  }),
  route({
    id: 'blogPosts.get',
    method: 'GET',
    path: '/blogposts/{postId}',
    roles: SUPER_ADMIN,
    summary: 'One blog post with its Markdown content and that content rendered as sanitised HTML (htmlIt, htmlEn)',
    request: { params: BlogPostParams },
    response: BlogPostView,
    errors: { 404: ['BlogPostNotFoundException'] },
    handler: ({ deps, params }) => getBlogPost(deps, params.postId),
  }),
  route({
    id: 'blogPosts.update',
    method: 'PUT',
    path: '/blogposts/{postId}',
    roles: SUPER_ADMIN,
    summary: 'Replace a blog post (same checks as create)',
    request: { params: BlogPostParams, body: BlogPostInput },
    response: BlogPostView,
    errors: { 404: ['BlogPostNotFoundException'], 409: ['DuplicateBlogPostSlugException', 'BlogPostChangedConcurrentlyException'] },
    handler: ({ deps, params, body }) => updateBlogPost(deps, params.postId, body),
  }),
];
