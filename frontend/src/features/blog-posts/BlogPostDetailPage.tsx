import { FormattedMessage } from 'react-intl';
import { useParams } from 'react-router-dom';
import { CrudDetailPage } from '../../components/crud/CrudDetailPage';
import { useBlogPost } from './api/get-blog-post';
import { updateBlogPost } from './api/save-blog-post';
import { BlogPostForm } from './components/BlogPostForm';
import { BlogPostImage } from './components/BlogPostImage';
import { blogPostErrorMessageId } from './messages';

const PREVIEW_TITLES = { It: 'blogPosts.previewIt', En: 'blogPosts.previewEn' } as const;

/** /admin/blogposts/{id}: the post, editable, and its content as readers see it (rendered and sanitised by the API). */
export function BlogPostDetailPage() {
  const id = useParams().id ?? '';
  const post = useBlogPost(id);
  return (
    <CrudDetailPage
      result={post}
      title={(p) => p.title}
      updateRoute="blogPosts.update"
      titleId="blogPosts.detail.title"
      testId="blog-post-detail-page"
      listPath="/admin/blogposts"
      backMessageId="blogPosts.backToList"
      errorMessageId={blogPostErrorMessageId}
    >
      {(p) => (
        <>
          <BlogPostForm
            key={p.updatedAt}
            initial={{ ...p, visibility: String(p.visibility), publishedOn: p.publishedOn ?? '' }}
            submitLabelId="blogPosts.save"
            successMessageId="blogPosts.updated"
            send={(input) => updateBlogPost(p.id, input)}
          />
          <BlogPostImage post={p} />
          {(['It', 'En'] as const).map((lang) => (
            <section key={lang} className="card" aria-labelledby={`blog-preview-${lang}`}>
              <h2 id={`blog-preview-${lang}`}>
                <FormattedMessage id={PREVIEW_TITLES[lang]} />
              </h2>
              {/* Sanitised by the API's renderer (functions/core/blog-posts/markdown.ts): only its own tags. */}
              <div className="blog-preview" data-testid={`blog-preview-${lang}`} dangerouslySetInnerHTML={{ __html: p[`html${lang}`] }} />
            </section>
          ))}
        </>
      )}
    </CrudDetailPage>
  );
}
