import { useNavigate } from 'react-router-dom';
import type { BlogPostInput } from '#schemas/blog-post';
import { CrudCreatePage } from '../../components/crud/CrudCreatePage';
import { createBlogPost } from './api/save-blog-post';
import { BlogPostForm, NEW_BLOG_POST } from './components/BlogPostForm';
import { blogPostPath } from './messages';

/** /admin/blogposts/create: a new post, then its screen. */
export function BlogPostCreatePage() {
  const navigate = useNavigate();
  async function send(input: BlogPostInput) {
    const post = await createBlogPost(input);
    navigate(blogPostPath(post.id));
  }
  return (
    <CrudCreatePage
      scope="platform"
      route="blogPosts.create"
      titleId="blogPosts.create.title"
      testId="blog-post-create-page"
      listPath="/admin/blogposts"
      backMessageId="blogPosts.backToList"
    >
      <BlogPostForm initial={NEW_BLOG_POST} submitLabelId="blogPosts.create.submit" successMessageId="blogPosts.created" send={send} />
    </CrudCreatePage>
  );
}
