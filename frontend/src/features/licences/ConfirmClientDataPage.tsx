import { useEffect, useState, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import type { LicenseConfirmation } from '#schemas/licence';
import { useDocumentTitleMessage } from '../../components/document-title';
import { FieldList } from '../../components/FieldList';
import { Spinner } from '../../components/Spinner';
import { confirmLicense, getLicenseConfirmation } from './api/license-confirmation';
import { licenceErrorMessageId, TYPE_MESSAGES } from './messages';

type State =
  | { kind: 'loading' }
  | { kind: 'ready'; data: LicenseConfirmation; busy: boolean }
  | { kind: 'confirmed'; data: LicenseConfirmation }
  | { kind: 'error'; messageId: string };

/**
 * /confirm-client-data/{hash} (public, hidden once signed in): the licence e-mail's single-use link. The client sees
 * its data and the machine's, and confirms; an unknown, used or expired link says so plainly.
 */
export function ConfirmClientDataPage() {
  const token = useParams().hash ?? '';
  const [state, setState] = useState<State>({ kind: 'loading' });
  useDocumentTitleMessage('licence.confirm.title');

  useEffect(() => {
    let cancelled = false;
    getLicenseConfirmation(token).then(
      (data) => !cancelled && setState({ kind: 'ready', data, busy: false }),
      (error: unknown) => !cancelled && setState({ kind: 'error', messageId: licenceErrorMessageId(error) }),
    );
    return () => {
      cancelled = true;
    };
  }, [token]);

  async function confirm(data: LicenseConfirmation) {
    setState({ kind: 'ready', data, busy: true });
    try {
      setState({ kind: 'confirmed', data: await confirmLicense(token) });
    } catch (error) {
      setState({ kind: 'error', messageId: licenceErrorMessageId(error) });
    }
  }

  return (
    <main className="auth-page">
      <section className="auth-card" aria-labelledby="confirm-title" data-testid="confirm-client-data">
        <h1 id="confirm-title">
          <FormattedMessage id="licence.confirm.title" />
        </h1>
        {state.kind === 'loading' && (
          <p className="inline-status">
            <Spinner size="small" />
            <FormattedMessage id="licence.confirm.processing" />
          </p>
        )}
        {(state.kind === 'ready' || state.kind === 'confirmed') && <ClientData data={state.data} />}
        {state.kind === 'ready' && (
          <button
            type="button"
            className="button button--primary button--block"
            onClick={() => void confirm(state.data)}
            disabled={state.busy}
            data-testid="confirm-client-data-submit"
          >
            {state.busy ? <Spinner size="small" /> : <FormattedMessage id="licence.confirm.submit" />}
          </button>
        )}
        {state.kind === 'confirmed' && (
          <p role="status" data-testid="confirm-client-data-done">
            <FormattedMessage id="licence.confirm.done" />
          </p>
        )}
        {state.kind === 'error' && (
          <p role="alert" className="form-error" data-testid="confirm-client-data-error">
            <FormattedMessage id={state.messageId} />
          </p>
        )}
        <Link to="/login" className="button button--secondary button--block">
          <FormattedMessage id="licence.confirm.toLogin" />
        </Link>
      </section>
    </main>
  );
}

function ClientData({ data }: { data: LicenseConfirmation }) {
  const { client } = data;
  const address = [client.address, client.postalCode, client.city, client.province, client.country].filter(Boolean).join(', ');
  const rows: [string, string, ReactNode][] = [
    ['client', 'licence.field.client', client.name],
    ['companyName', 'licence.field.companyName', client.companyName || '—'],
    ['vat', 'licence.field.vat', client.vat || '—'],
    ['address', 'licence.field.address', address || '—'],
    ['organisation', 'licence.field.organisation', data.organisation],
    ['machine', 'licence.field.machine', `${data.posName} · ${data.serial}`],
    ['features', 'licence.field.features', data.features.join(', ') || '—'],
    [
      'type',
      'licence.field.type',
      <>
        <FormattedMessage id={TYPE_MESSAGES[data.type] ?? 'licence.type.none'} />
        {data.expiresOn ? ` · ${data.expiresOn}` : ''}
      </>,
    ],
  ];
  return <FieldList rows={rows} testId="confirm-client-data-fields" />;
}
