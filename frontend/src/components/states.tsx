import { FormattedMessage } from 'react-intl';
import { ApiError } from '../lib/api';

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

export function EmptyState({ messageId }: { messageId: string }) {
  return (
    <div className="state state--empty" data-testid="empty-state">
      <p>
        <FormattedMessage id={messageId} />
      </p>
    </div>
  );
}
