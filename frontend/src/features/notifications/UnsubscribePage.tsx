import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, useSearchParams } from 'react-router-dom';
import { useDocumentTitleMessage } from '../../components/document-title';
import { Spinner } from '../../components/Spinner';
import { unsubscribe } from './api/unsubscribe';
import { notificationErrorMessageId } from './messages';

type State = { kind: 'working' } | { kind: 'done'; email: string } | { kind: 'error'; messageId: string };

/** /notifications/unsubscribe?token= (public): the alarm e-mail's link turns the user's notifications off. */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>({ kind: 'working' });
  useDocumentTitleMessage('notifications.unsubscribe.title');

  useEffect(() => {
    let cancelled = false;
    if (!token) {
      setState({ kind: 'error', messageId: 'notifications.unsubscribe.invalid' });
      return;
    }
    unsubscribe(token).then(
      (r) => !cancelled && setState({ kind: 'done', email: r.email }),
      (error: unknown) => !cancelled && setState({ kind: 'error', messageId: notificationErrorMessageId(error) }),
    );
    return () => {
      cancelled = true;
    };
  }, [token]);

  return (
    <main className="auth-page">
      <section className="auth-card" aria-labelledby="unsubscribe-title" data-testid="unsubscribe">
        <h1 id="unsubscribe-title">
          <FormattedMessage id="notifications.unsubscribe.title" />
        </h1>
        {state.kind === 'working' && (
          <p className="inline-status">
            <Spinner size="small" />
            <FormattedMessage id="notifications.unsubscribe.working" />
          </p>
        )}
        {state.kind === 'done' && (
          <p role="status" data-testid="unsubscribe-done">
            <FormattedMessage id="notifications.unsubscribe.done" values={{ email: state.email }} />
          </p>
        )}
        {state.kind === 'error' && (
          <p role="alert" className="form-error" data-testid="unsubscribe-error">
            <FormattedMessage id={state.messageId} />
          </p>
        )}
        <p className="muted">
          <FormattedMessage id="notifications.unsubscribe.profileHint" />
        </p>
        <Link to="/settings/profile" className="button button--secondary button--block">
          <FormattedMessage id="notifications.unsubscribe.toProfile" />
        </Link>
      </section>
    </main>
  );
}
