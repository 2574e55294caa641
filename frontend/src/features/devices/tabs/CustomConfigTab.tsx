import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import { MAX_CONFIG_VALUES } from '#schemas/iot';
import type { ConfigValues, CustomConfig } from '#schemas/pos-config';
import { HeaderRow } from '../../../components/HeaderRow';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { PageSpinner } from '../../../components/Spinner';
import { EmptyState, ErrorState } from '../../../components/states';
import { useToast } from '../../../components/toasts';
import { ApiError } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { useMayCall } from '../../../components/use-may-call';
import { useCustomConfig } from '../api/get-custom-config';
import { usePosConfigs } from '../api/get-pos-configs';
import { saveCustomConfig } from '../api/save-custom-config';
import { ConfigValuesTable } from '../components/ConfigValuesTable';
import { SyncBadge } from '../components/SyncBadge';
import { configErrorMessageId } from '../config-messages';
import { draftOf, draftRow, rowErrors, valuesOf, type DraftRow } from '../custom-config-draft';
import './configs.css';

const isNotSet = (error: unknown) => error instanceof ApiError && error.code === 'CustomConfigNotFoundException';

/**
 * /devices/{serial}/custom-config: the configuration users want the machine to run, pending until the
 * device reports the same values. Merchant users read it; the other roles edit it.
 */
export function CustomConfigTab() {
  const intl = useIntl();
  const serial = useParams().id ?? '';
  const custom = useCustomConfig(serial);
  const reported = usePosConfigs(serial);
  const canEdit = useMayCall('pos.saveCustomConfig');
  const notSet = isNotSet(custom.error);

  let body;
  if (custom.isLoading) body = <PageSpinner />;
  else if (custom.error && !notSet)
    body = <ErrorState error={custom.error} messageId={configErrorMessageId(custom.error)} onRetry={() => void custom.mutate()} />;
  else if (canEdit)
    body = <CustomConfigEditor key={custom.data?.updatedAt ?? 'new'} serial={serial} current={custom.data} reported={reported.data?.values ?? null} />;
  else if (custom.data)
    body = <ConfigValuesTable tableId="device-custom-config" values={custom.data.values} onRefresh={custom.mutate} testId="custom-config-values" />;
  else body = <EmptyState messageId="devices.customConfig.error.notFound" />;

  return (
    <section className="card config-card" data-testid="device-custom-config">
      <header className="config-card__header">
        <h2>
          <FormattedMessage id="devices.customConfig.title" />
        </h2>
        {!custom.isLoading && <SyncBadge sync={custom.data?.sync ?? null} />}
        {custom.data && (
          <span className="muted" data-testid="custom-config-updated">
            <FormattedMessage
              id="devices.customConfig.updated"
              values={{ date: formatDateTime(custom.data.updatedAt, intl.locale), by: custom.data.updatedBy }}
            />
          </span>
        )}
      </header>
      {notSet && canEdit && (
        <p className="muted" data-testid="custom-config-not-set">
          <FormattedMessage id="devices.customConfig.notSet" />
        </p>
      )}
      {body}
    </section>
  );
}

function CustomConfigEditor({ serial, current, reported }: { serial: string; current: CustomConfig | undefined; reported: ConfigValues | null }) {
  const intl = useIntl();
  const { showToast } = useToast();
  const [rows, setRows] = useState<DraftRow[]>(() => (current ? draftOf(current.values) : []));
  const [saving, setSaving] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const errors = rowErrors(rows);

  const change = (id: number, patch: Partial<DraftRow>) => setRows((rs) => rs.map((r) => (r.id === id ? { ...r, ...patch } : r)));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (errors.size > 0) return;
    setSaving(true);
    try {
      await saveCustomConfig(serial, valuesOf(rows));
      showToast({ kind: 'success', messageId: 'devices.customConfig.saved' });
    } catch (error) {
      showToast({ kind: 'error', messageId: configErrorMessageId(error) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="form config-card" onSubmit={onSubmit} noValidate data-testid="custom-config-editor">
      {rows.length === 0 ? (
        <EmptyState messageId="devices.configs.noValues" />
      ) : (
        <table className="config-editor">
          <HeaderRow cells={['devices.configs.key', 'devices.configs.value', { messageId: 'devices.customConfig.remove', hidden: true }]} />
          <tbody>
            {rows.map((row, i) => {
              const error = submitted ? errors.get(row.id) : undefined;
              return (
                <tr key={row.id} data-testid="custom-config-row">
                  <td>
                    <input
                      value={row.key}
                      onChange={(e) => change(row.id, { key: e.target.value.trim() })}
                      aria-label={intl.formatMessage({ id: 'devices.configs.key' })}
                      aria-invalid={error && error !== 'devices.customConfig.error.value' ? true : undefined}
                      data-testid={`custom-config-key-${i}`}
                    />
                    {error && (
                      <span className="field__error" role="alert">
                        <FormattedMessage id={error} />
                      </span>
                    )}
                  </td>
                  <td>
                    <input
                      value={row.value}
                      onChange={(e) => change(row.id, { value: e.target.value })}
                      aria-label={intl.formatMessage({ id: 'devices.configs.value' })}
                      aria-invalid={error === 'devices.customConfig.error.value' ? true : undefined}
                      data-testid={`custom-config-value-${i}`}
                    />
                  </td>
                  <td>
                    <button
                      type="button"
                      className="button button--secondary"
                      onClick={() => setRows((rs) => rs.filter((r) => r.id !== row.id))}
                      data-testid={`custom-config-remove-${i}`}
                    >
                      <FormattedMessage id="devices.customConfig.remove" />
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <div className="form__actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => setRows((rs) => [...rs, draftRow()])}
          disabled={rows.length >= MAX_CONFIG_VALUES}
          data-testid="custom-config-add"
        >
          <FormattedMessage id="devices.customConfig.add" />
        </button>
        {reported && (
          <button type="button" className="button button--secondary" onClick={() => setRows(draftOf(reported))} data-testid="custom-config-from-reported">
            <FormattedMessage id="devices.customConfig.fromReported" />
          </button>
        )}
        <SubmitButton labelId="devices.customConfig.save" busy={saving} testId="custom-config-save" />
      </div>
    </form>
  );
}
