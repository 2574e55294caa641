import { BlogImageUploadRequest, BlogPostInput, BlogPostListQuery, BlogPostPage, BlogPostParams, BlogPostView } from '#schemas/blog-post';
import { ContentFileAccept } from '#schemas/content-file';
import { ReleaseUpload } from '#schemas/release-file';
import { SUPER_ADMIN } from '#schemas/roles';
import {
  blogPostImageUrl,
  createBlogPost,
  getBlogPost,
  listBlogPosts,
  removeBlogPostImage,
  requestBlogImageUpload,
  setBlogPostImage,
  updateBlogPost,
} from '../../core/blog-posts/use-cases';
import { redirect, routeFor } from '../../http/manifest';
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
  route({
    id: 'blogPosts.imageUpload',
    method: 'POST',
    path: '/blogposts/uploads',
    roles: SUPER_ADMIN,
    summary:
      'An upload link for a blog post image (jpg or png, at most 2 MB): PUT the file to it with its headers, then name the upload id in PUT /blogposts/{postId}/image',
    request: { body: BlogImageUploadRequest },
    response: ReleaseUpload,
    status: 201,
    errors: { 400: ['UnsupportedFileTypeException', 'FileTooLargeException'] },
    handler: ({ deps, body }) => requestBlogImageUpload(deps, body),
  }),
  route({
    id: 'blogPosts.setImage',
    method: 'PUT',
    path: '/blogposts/{postId}/image',
    roles: SUPER_ADMIN,
    summary:
      'Set the post’s image from an uploaded file, checked by its own bytes (a jpg or png of at most 4000 × 4000 px; another file, whatever its name, is refused and deleted); the image it replaces is deleted',
    request: { params: BlogPostParams, body: ContentFileAccept },
    response: BlogPostView,
    errors: {
      400: ['UnsupportedFileTypeException', 'FileTooLargeException', 'ImageTooLargeException', 'UploadNotFoundException'],
      404: ['BlogPostNotFoundException'],
      409: ['BlogPostChangedConcurrentlyException'],
    },
    handler: ({ deps, params, body }) => setBlogPostImage(deps, params.postId, body),
  }),
  route({
    id: 'blogPosts.removeImage',
    method: 'DELETE',
    path: '/blogposts/{postId}/image',
    roles: SUPER_ADMIN,
    summary: 'Remove the post’s image',
    request: { params: BlogPostParams },
    response: null,
    status: 204,
    errors: { 404: ['BlogPostNotFoundException', 'BlogPostImageNotFoundException'], 409: ['BlogPostChangedConcurrentlyException'] },
    handler: async ({ deps, params }) => {
      await removeBlogPostImage(deps, params.postId);
      return null;
    },
  }),
  route({
    id: 'blogPosts.image',
    method: 'GET',
    path: '/blogposts/{postId}/image',
    roles: SUPER_ADMIN,
    summary: 'Redirect (302) to the post’s image: a link valid 5 minutes',
    request: { params: BlogPostParams },
    response: null,
    status: 302,
    errors: { 404: ['BlogPostNotFoundException', 'BlogPostImageNotFoundException'] },
    handler: async ({ deps, params }) => redirect(await blogPostImageUrl(deps, params.postId)),
  }),
];
