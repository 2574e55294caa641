import useSWR, { mutate } from 'swr';
import { BlogPostPage } from '#schemas/blog-post';
import type { PageQuery } from '../../../components/data-table/table-state';
import { apiGet } from '../../../lib/api';

/** GET /blogposts?page&size&ord=createdAt&ordType&cursor: the posts, newest first, without their content. */
const LIST = '/blogposts/page';
export const BLOG_POSTS_PATH = '/blogposts';

export function useBlogPostPage(query: PageQuery) {
  return useSWR([LIST, query] as const, ([, q]) => apiGet(BLOG_POSTS_PATH, BlogPostPage, { query: q }), { keepPreviousData: true });
}

export function revalidateBlogPostLists(): Promise<unknown> {
  return mutate((key) => Array.isArray(key) && key[0] === LIST);
}
