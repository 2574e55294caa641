import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { DataTable } from '../../components/data-table/DataTable';
import { useDataTable, type Column } from '../../components/data-table/use-data-table';
import { CrudListPage } from '../../components/crud/CrudListPage';
import { useFormat } from '../../lib/format';
import { useBlogPostPage } from './api/get-blog-post-page';
import { blogPostErrorMessageId, blogPostPath } from './messages';

const DEFAULT_SORT = { ord: 'createdAt', ordType: 'desc' } as const;
interface Row {
  id: string;
  title: string;
  slug: string;
  visibility: number;
  publishedOn: string | null;
  createdAt: string;
}

/** /admin/blogposts: the blog posts, newest first (super admin). */
export function BlogPostListPage() {
  const intl = useIntl();
  const format = useFormat();
  const columns = useMemo<Column<Row>[]>(
    () => [
      {
        id: 'title',
        messageId: 'blogPosts.field.title',
        value: (p) => p.title,
        render: (p) => (
          <Link to={blogPostPath(p.id)} data-testid="blog-post-link">
            {p.title}
          </Link>
        ),
      },
      { id: 'slug', messageId: 'blogPosts.field.slug', value: (p) => p.slug },
      { id: 'visibility', messageId: 'blogPosts.field.visibility', value: (p) => intl.formatMessage({ id: `blogPosts.visibility.${p.visibility}` }) },
      { id: 'publishedOn', messageId: 'blogPosts.field.publishedOn', value: (p) => p.publishedOn ?? '' },
      { id: 'createdAt', messageId: 'blogPosts.field.createdAt', ord: 'createdAt', value: (p) => format.dateTime(p.createdAt) },
    ],
    [intl, format],
  );
  const table = useDataTable({ tableId: 'admin-blog-posts', columns, defaultSort: DEFAULT_SORT });
  const page = useBlogPostPage(table.query);
  return (
    <CrudListPage
      scope="platform"
      titleId="blogPosts.list.title"
      testId="blog-post-list-page"
      create={{ route: 'blogPosts.create', to: '/admin/blogposts/create', messageId: 'blogPosts.create.action', testId: 'blog-post-create' }}
    >
      <DataTable table={table} result={page} rowKey={(p) => p.id} emptyMessageId="blogPosts.list.empty" errorMessageId={blogPostErrorMessageId} />
    </CrudListPage>
  );
}
