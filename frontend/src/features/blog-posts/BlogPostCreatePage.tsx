import { FormattedMessage } from 'react-intl';
import { Link, useNavigate } from 'react-router-dom';
import type { BlogPostInput } from '#schemas/blog-post';
import { Page } from '../../components/Page';
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
    <Page
      title={<FormattedMessage id="blogPosts.create.title" />}
      actions={
        <Link to="/admin/blogposts" className="button button--secondary">
          <FormattedMessage id="blogPosts.backToList" />
        </Link>
      }
      testId="blog-post-create-page"
    >
      <BlogPostForm initial={NEW_BLOG_POST} submitLabelId="blogPosts.create.submit" successMessageId="blogPosts.created" send={send} />
    </Page>
  );
}
