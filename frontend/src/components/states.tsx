import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { ApiError } from '../lib/api';
import { PageSpinner } from './Spinner';

/** What to tell the user about a failed call: service errors and the generic message (spec §8). */
export function errorMessageId(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0 || error.status >= 500) return 'errors.unavailable';
    if (error.status === 403) return 'errors.forbidden';
    if (error.status === 404) return 'errors.notFound';
  }
  return 'errors.generic';
}

/** A failed load; `messageId` overrides the message (e.g. a feature's own error codes). */
export function ErrorState({ error, onRetry, messageId }: { error: unknown; onRetry?: () => void; messageId?: string }) {
  return (
    <div className="state state--error" role="alert" data-testid="error-state">
      <p>
        <FormattedMessage id={messageId ?? errorMessageId(error)} />
      </p>
      {onRetry && (
        <button type="button" className="button button--secondary" onClick={onRetry}>
          <FormattedMessage id="common.retry" />
        </button>
      )}
    </div>
  );
}

/** The API's answer for what does not exist or is outside the caller's scope (they look the same, spec §8). */
export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

/**
 * What the address names does not exist (or is not the user's to see): says so, with a link to the list
 * where it would be; no retry, as trying again cannot help.
 */
export function NotFoundState({ messageId, listPath, listMessageId }: { messageId: string; listPath: string; listMessageId: string }) {
  return (
    <section className="card state" data-testid="not-found-state">
      <p>
        <FormattedMessage id={messageId} />
      </p>
      <Link to={listPath} className="button button--secondary" data-testid="not-found-list">
        <FormattedMessage id={listMessageId} />
      </Link>
    </section>
  );
}

export function EmptyState({ messageId, testId = 'empty-state' }: { messageId: string; testId?: string }) {
  return (
    <div className="state state--empty" data-testid={testId}>
      <p>
        <FormattedMessage id={messageId} />
      </p>
    </div>
  );
}

/**
 * A loaded resource: `loading` while it loads, its error with a retry (or `notFound` when the API answers
 * 404 and one is given), then `children` with the data.
 */
export function Loaded<T>({
  result,
  loading = <PageSpinner />,
  errorMessageId,
  notFound,
  children,
}: {
  result: { data?: T; error?: unknown; isLoading: boolean; mutate: () => Promise<unknown> };
  loading?: ReactNode;
  /** A feature's own message for the error (see ErrorState). */
  errorMessageId?: (error: unknown) => string;
  /** Shown instead of the error when the resource does not exist (a NotFoundState). */
  notFound?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (result.isLoading) return loading;
  if (notFound !== undefined && isNotFound(result.error)) return notFound;
  if (result.error || result.data === undefined)
    return <ErrorState error={result.error} messageId={errorMessageId?.(result.error)} onRetry={() => void result.mutate()} />;
  return children(result.data);
}

/**
 * The body of a screen that works on one merchant (the app bar's): its content once the user's merchants are
 * loaded, or a prompt to pick one when there is none or "all distributors" is picked.
 */
export function ForOneMerchant({
  merchants,
  merchantId,
  chooseMessageId,
  children,
}: {
  merchants: { data?: unknown; error?: unknown; isLoading: boolean; mutate: () => Promise<unknown> };
  merchantId: string | null;
  chooseMessageId: string;
  children: (merchantId: string) => ReactNode;
}) {
  return (
    <Loaded result={merchants}>
      {() =>
        merchantId === null ? (
          <section className="card">
            <EmptyState messageId={chooseMessageId} />
          </section>
        ) : (
          children(merchantId)
        )
      }
    </Loaded>
  );
}
