import { useId, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Spinner } from '../../components/Spinner';
import { EmptyState, Loaded } from '../../components/states';

/** One block of the admin dashboard: its title, then its loading, error (with a retry), empty state or content. */
export function StatsBlock<T>({
  titleId,
  testId,
  result,
  isEmpty,
  emptyId,
  children,
}: {
  titleId: string;
  testId: string;
  result: { data?: T; error?: unknown; isLoading: boolean; mutate: () => Promise<unknown> };
  isEmpty: (data: T) => boolean;
  emptyId: string;
  children: (data: T) => ReactNode;
}) {
  const headingId = useId();
  return (
    <section className="card admin-dashboard__block" aria-labelledby={headingId} data-testid={testId}>
      <h2 id={headingId}>
        <FormattedMessage id={titleId} />
      </h2>
      <Loaded
        result={result}
        loading={
          <div className="state">
            <Spinner />
          </div>
        }
      >
        {(data) => (isEmpty(data) ? <EmptyState messageId={emptyId} testId="admin-dashboard-empty" /> : children(data))}
      </Loaded>
    </section>
  );
}
