import { useId, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { Spinner } from '../../../components/Spinner';
import { EmptyState, ErrorState } from '../../../components/states';

interface Result<T> {
  data?: T;
  error?: unknown;
  isValidating?: boolean;
  mutate: () => Promise<unknown>;
}

/**
 * One dashboard block: its title linking to the screen that explains it, then its loading, error (with a retry),
 * empty state or content. The previous figures stay while a refresh loads.
 */
export function Block<T>({
  titleId,
  to,
  testId,
  result,
  isEmpty,
  emptyId,
  wide = false,
  children,
}: {
  titleId: string;
  to: string;
  testId: string;
  result: Result<T>;
  isEmpty?: (data: T) => boolean;
  emptyId?: string;
  wide?: boolean;
  children: (data: T) => ReactNode;
}) {
  const headingId = useId();
  const { data, error } = result;
  let body: ReactNode;
  if (error && data === undefined) body = <ErrorState error={error} onRetry={() => void result.mutate()} />;
  else if (data === undefined)
    body = (
      <div className="state">
        <Spinner />
      </div>
    );
  else if (emptyId && isEmpty?.(data)) body = <EmptyState messageId={emptyId} testId="dashboard-block-empty" />;
  else body = children(data);
  return (
    <section
      className={`card dashboard-block${wide ? ' dashboard-block--wide' : ''}`}
      aria-labelledby={headingId}
      aria-busy={!!result.isValidating}
      data-testid={testId}
    >
      <h2 id={headingId}>
        <Link to={to}>
          <FormattedMessage id={titleId} />
        </Link>
      </h2>
      {body}
    </section>
  );
}
