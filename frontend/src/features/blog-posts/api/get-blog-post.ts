import useSWR from 'swr';
import { BlogPostView } from '#schemas/blog-post';
import { apiGet } from '../../../lib/api';
import { BLOG_POSTS_PATH } from './get-blog-post-page';

/** GET /blogposts/{postId}: with its Markdown content and that content rendered (sanitised HTML). */
export const blogPostKey = (id: string) => `${BLOG_POSTS_PATH}/${encodeURIComponent(id)}`;

export function useBlogPost(id: string) {
  return useSWR(blogPostKey(id), (key: string) => apiGet(key, BlogPostView));
}
