import { mutate } from 'swr';
import { BlogPostView, type BlogPostInput } from '#schemas/blog-post';
import { apiRequest } from '../../../lib/api';
import { blogPostKey } from './get-blog-post';
import { BLOG_POSTS_PATH, revalidateBlogPostLists } from './get-blog-post-page';

async function stored(post: BlogPostView): Promise<BlogPostView> {
  await mutate(blogPostKey(post.id), post, { revalidate: false });
  void revalidateBlogPostLists();
  return post;
}

/** POST /blogposts → 201; 409 DuplicateBlogPostSlugException. */
export async function createBlogPost(input: BlogPostInput): Promise<BlogPostView> {
  return stored(await apiRequest(BLOG_POSTS_PATH, { method: 'POST', body: input, schema: BlogPostView }));
}

/** PUT /blogposts/{postId}: same checks as create. */
export async function updateBlogPost(id: string, input: BlogPostInput): Promise<BlogPostView> {
  return stored(await apiRequest(blogPostKey(id), { method: 'PUT', body: input, schema: BlogPostView }));
}
