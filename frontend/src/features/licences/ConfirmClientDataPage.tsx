import { FormattedMessage } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import { Spinner } from '../../components/Spinner';
import { useDocumentTitleMessage } from '../../components/document-title';

/** Licence data confirmation link (spec §2, public). The confirmation call itself lands with licensing. */
export function ConfirmClientDataPage() {
  const { hash } = useParams();
  useDocumentTitleMessage('licence.confirm.title');
  return (
    <main className="auth-page">
      <section className="auth-card" aria-labelledby="confirm-title" data-testid="confirm-client-data">
        <h1 id="confirm-title">
          <FormattedMessage id="licence.confirm.title" />
        </h1>
        <p className="inline-status">
          <Spinner size="small" />
          <FormattedMessage id="licence.confirm.processing" />
        </p>
        <p className="muted">
          <FormattedMessage id="licence.confirm.reference" values={{ reference: (hash ?? '').slice(0, 12) }} />
        </p>
        <Link to="/login" className="button button--secondary button--block">
          <FormattedMessage id="licence.confirm.toLogin" />
        </Link>
      </section>
    </main>
  );
}
