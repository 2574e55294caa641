import { FormattedMessage } from 'react-intl';
import { useRouteError } from 'react-router-dom';
import { useDocumentTitleMessage } from '../components/document-title';

/** Shown when a screen throws while rendering or its code fails to load (e.g. after a new deployment). */
export function RouteError() {
  const error = useRouteError();
  const chunkFailed = error instanceof Error && /dynamically imported module|Importing a module script failed|error loading/i.test(error.message);
  useDocumentTitleMessage(chunkFailed ? 'errors.chunkLoad' : 'errors.generic');
  return (
    <main className="auth-page">
      <section className="auth-card" role="alert">
        <h1>
          <FormattedMessage id={chunkFailed ? 'errors.chunkLoad' : 'errors.generic'} />
        </h1>
        <button type="button" className="button button--primary button--block" onClick={() => window.location.reload()}>
          <FormattedMessage id="common.reload" />
        </button>
      </section>
    </main>
  );
}
