import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import type { PosPrices, PriceEntry } from '#schemas/prices';
import type { PriceTable } from '#schemas/prices-constants';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { SubmitButton } from '../../components/form/SubmitButton';
import { UnsavedChangesGuard } from '../../components/form/UnsavedChangesGuard';
import { PageSpinner } from '../../components/Spinner';
import { EmptyState, ErrorState } from '../../components/states';
import { useToast } from '../../components/toasts';
import { useMayCall } from '../../components/use-may-call';
import { ApiError } from '../../lib/api';
import { useFormat } from '../../lib/format';
import { cancelPosPrices } from './api/cancel-pos-prices';
import { usePosPrices } from './api/get-pos-prices';
import { savePosPrices } from './api/save-pos-prices';
import { sendPosPrices } from './api/send-pos-prices';
import { PriceGrid } from './components/PriceGrid';
import { PriceHistory } from './components/PriceHistory';
import { PriceState } from './components/PriceState';
import { isPricesConflict, pricesErrorMessageId } from './messages';
import { cellsNamedBy, cellsOf, differsFromSaved, readCells, shownTables, type Cells } from './price-grid';
import './prices.css';

/**
 * /devices/{serial}/prices: the machine's planogram lines × price tables, their sync state and history.
 * Every role reads them; the others edit, save (pending), send (remote command 12) and cancel (back to the
 * last synced prices).
 */
export function DevicePricesTab() {
  const serial = useParams().id ?? '';
  const prices = usePosPrices(serial);
  const canEdit = useMayCall('prices.save');
  const getError = (error: unknown) => pricesErrorMessageId(error, 'get');

  let body;
  if (prices.isLoading) body = <PageSpinner />;
  else if (!prices.data) body = <ErrorState error={prices.error} messageId={getError(prices.error)} onRetry={() => void prices.mutate()} />;
  else if (prices.data.planogramId === null)
    body = (
      <section className="card">
        <EmptyState messageId="errors.PosWithoutPlanogramException" />
      </section>
    );
  else body = <PricesEditor serial={serial} prices={prices.data} canEdit={canEdit} reload={() => prices.mutate()} />;

  return (
    <div className="device-tab" data-testid="device-prices">
      {/* A refresh that fails keeps what is shown (and any edits), and says so. */}
      {prices.data && prices.error && <ErrorState error={prices.error} messageId={getError(prices.error)} onRetry={() => void prices.mutate()} />}
      {body}
      {prices.data && <PriceHistory serial={serial} currency={prices.data.currency} />}
    </div>
  );
}

/** Edits in progress: the cells typed, over the version and prices they started from. */
interface Edit {
  version: number;
  base: readonly PriceEntry[];
  cells: Cells;
}

function PricesEditor({ serial, prices, canEdit, reload }: { serial: string; prices: PosPrices; canEdit: boolean; reload: () => Promise<unknown> }) {
  const intl = useIntl();
  const format = useFormat();
  const { showToast } = useToast();
  const { currency } = prices;
  const lines = useMemo(() => prices.lines.map((l) => l.selection), [prices.lines]);
  const savedCells = useMemo(() => cellsOf(prices.prices, currency, intl.locale), [prices.prices, currency, intl.locale]);
  const [edit, setEdit] = useState<Edit | null>(null);
  const [addedTables, setAddedTables] = useState<PriceTable[]>([]);
  const [refused, setRefused] = useState<string[]>([]);
  const [busy, setBusy] = useState<'save' | 'send' | 'cancel' | null>(null);
  const [asking, setAsking] = useState<'cancel' | 'conflict' | null>(null);

  const cells = edit?.cells ?? savedCells;
  const { entries, errors } = readCells(cells, lines, currency);
  const dirty = edit !== null && differsFromSaved(edit.cells, edit.base, lines, currency);
  // Someone else changed the prices while these edits were made (seen on a refresh).
  const changedElsewhere = dirty && edit.version !== prices.version;

  // Edits typed back to what was saved end; a newer version then shows as it is.
  useEffect(() => {
    if (edit && !dirty && edit.version !== prices.version) setEdit(null);
  }, [edit, dirty, prices.version]);

  const change = (key: string, text: string) => {
    setEdit((e) => ({ version: e?.version ?? prices.version, base: e?.base ?? prices.prices, cells: { ...(e?.cells ?? savedCells), [key]: text } }));
    setRefused((r) => r.filter((k) => k !== key));
  };

  const done = () => {
    setEdit(null);
    setAddedTables([]);
    setRefused([]);
  };

  async function run(action: 'save' | 'send' | 'cancel', call: () => Promise<unknown>, successMessageId: string, sent: readonly PriceEntry[] = []) {
    setBusy(action);
    try {
      await call();
      done();
      showToast({ kind: 'success', messageId: successMessageId });
    } catch (error) {
      if (isPricesConflict(error)) {
        setAsking('conflict');
        // The newer version shows beside the edits, which stay until the user reloads.
        void reload();
      } else {
        if (error instanceof ApiError && error.status === 400) setRefused(cellsNamedBy(error.details, sent));
        showToast({ kind: 'error', messageId: pricesErrorMessageId(error, action === 'send' ? 'send' : 'set') });
      }
    } finally {
      setBusy(null);
    }
  }

  function onSave(event: FormEvent) {
    event.preventDefault();
    if (!edit || Object.keys(errors).length > 0) return;
    void run('save', () => savePosPrices(serial, { version: edit.version, prices: entries }), 'prices.toast.set', entries);
  }

  const send = () => void run('send', () => sendPosPrices(serial, { version: prices.version, prices: entries }), 'prices.toast.sent');
  const cancel = () => {
    setAsking(null);
    void run('cancel', () => cancelPosPrices(serial, { version: edit?.version ?? prices.version }), 'prices.toast.cancelled');
  };
  const reloadLatest = async () => {
    setAsking(null);
    await reload();
    done();
  };

  const tables = shownTables(cells, addedTables);
  const sendBlocked = dirty ? 'errors.SavePricesBeforeSendingException' : prices.status === null ? 'prices.send.nothingSaved' : null;
  const canCancel = prices.syncedPrices !== null && (dirty || prices.status === 'pending');

  return (
    <form className="card prices-card" onSubmit={onSave} noValidate aria-labelledby="prices-title" data-testid="prices-editor" data-version={prices.version}>
      <header className="prices-card__header">
        <h2 id="prices-title">
          <FormattedMessage id="prices.title" />
        </h2>
        <PriceState prices={prices} />
      </header>
      {changedElsewhere && (
        <div className="form__error prices-card__notice" role="alert" data-testid="prices-changed-elsewhere">
          <FormattedMessage id="prices.conflict.message" />
          <button type="button" className="button button--secondary" onClick={() => void reloadLatest()}>
            <FormattedMessage id="prices.conflict.reload" />
          </button>
        </div>
      )}
      {lines.length === 0 ? (
        <EmptyState messageId="prices.noLines" />
      ) : (
        <>
          <p className="muted">
            <FormattedMessage id="prices.currencyHint" values={{ currency }} />
          </p>
          <PriceGrid
            lines={prices.lines}
            tables={tables}
            cells={cells}
            currency={currency}
            errors={errors}
            refused={refused}
            {...(canEdit ? { onChange: change, onAddTable: (t: PriceTable) => setAddedTables((a) => [...a, t]) } : {})}
          />
        </>
      )}
      {canEdit && (
        <div className="form__actions">
          {sendBlocked && (
            <span className="form__hint prices-card__blocked" id="prices-send-blocked" data-testid="prices-send-blocked">
              <FormattedMessage id={sendBlocked} />
            </span>
          )}
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setAsking('cancel')}
            disabled={!canCancel || busy !== null}
            data-testid="prices-cancel"
          >
            <FormattedMessage id="prices.cancel" />
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={send}
            disabled={sendBlocked !== null || prices.sending !== null || busy !== null}
            aria-describedby={sendBlocked ? 'prices-send-blocked' : undefined}
            data-testid="prices-send"
          >
            <FormattedMessage id="prices.send" />
          </button>
          <SubmitButton labelId="prices.save" busy={busy === 'save'} disabled={!dirty || busy !== null} testId="prices-save" />
        </div>
      )}
      {asking === 'cancel' && (
        <ConfirmDialog
          open
          titleId="prices.cancel.confirmTitle"
          messageId="prices.cancel.confirmMessage"
          messageValues={{ date: format.dateTime(prices.lastSyncAt) }}
          confirmId="prices.cancel.confirm"
          cancelId="prices.cancel.keep"
          onConfirm={cancel}
          onCancel={() => setAsking(null)}
        />
      )}
      {asking === 'conflict' && (
        <ConfirmDialog
          open
          titleId="prices.conflict.title"
          messageId="prices.conflict.message"
          confirmId="prices.conflict.reload"
          cancelId="prices.conflict.keep"
          onConfirm={() => void reloadLatest()}
          onCancel={() => setAsking(null)}
        />
      )}
      <UnsavedChangesGuard dirty={dirty} />
    </form>
  );
}
