import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Spinner } from '../../components/Spinner';
import { useDocumentTitleMessage } from '../../components/document-title';
import { useSession } from '../../lib/session';

/** Spec §2: signed in without an allowed role; logging out clears stored state and signs out after ~1 s. */
export const LOGOUT_DELAY_MS = 1000;

export function UnauthorizedPage() {
  const { identity, logout } = useSession();
  const [busy, setBusy] = useState(false);
  useDocumentTitleMessage('unauthorized.title');
  const [failed, setFailed] = useState(false);

  async function onLogout() {
    setBusy(true);
    setFailed(false);
    try {
      await logout({ delayMs: LOGOUT_DELAY_MS });
    } catch {
      setFailed(true);
      setBusy(false);
    }
  }

  return (
    <main className="auth-page">
      <section className="auth-card" aria-labelledby="unauthorized-title" data-testid="unauthorized">
        <h1 id="unauthorized-title">
          <FormattedMessage id="unauthorized.title" />
        </h1>
        <p>
          <FormattedMessage id="unauthorized.message" values={{ email: identity?.email ?? '' }} />
        </p>
        {failed && (
          <p className="form__error" role="alert">
            <FormattedMessage id="logout.error" />
          </p>
        )}
        <button type="button" className="button button--primary button--block" onClick={onLogout} disabled={busy} data-testid="unauthorized-logout">
          {busy ? <Spinner size="small" /> : <FormattedMessage id="common.logout" />}
        </button>
      </section>
    </main>
  );
}
