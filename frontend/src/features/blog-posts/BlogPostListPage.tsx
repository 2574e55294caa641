import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { DataTable } from '../../components/data-table/DataTable';
import { useDataTable, type Column } from '../../components/data-table/use-data-table';
import { Page } from '../../components/Page';
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
    <Page
      title={<FormattedMessage id="blogPosts.list.title" />}
      actions={
        <Link to="/admin/blogposts/create" className="button button--primary" data-testid="blog-post-create">
          <FormattedMessage id="blogPosts.create.action" />
        </Link>
      }
      testId="blog-post-list-page"
    >
      <DataTable table={table} result={page} rowKey={(p) => p.id} emptyMessageId="blogPosts.list.empty" errorMessageId={blogPostErrorMessageId} />
    </Page>
  );
}
