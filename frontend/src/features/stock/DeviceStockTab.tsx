import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import type { MachineStock, StockLine } from '#schemas/stock';
import { HeaderRow } from '../../components/HeaderRow';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Spinner } from '../../components/Spinner';
import { EmptyState, ErrorState, Loaded } from '../../components/states';
import { useToast } from '../../components/toasts';
import { ApiError } from '../../lib/api';
import type { FieldErrors } from '../../lib/form-errors';
import { useFormat } from '../../lib/format';
import { useSession } from '../../lib/session';
import { fullRefill } from './api/full-refill';
import { useMachineStock } from './api/get-machine-stock';
import { useStockPos } from './api/get-stock-pos';
import { setStockLines } from './api/set-stock-lines';
import { turnStockOn } from './api/turn-stock-on';
import { DaysToSellOut, FillBar, StockStatusBadge } from './components/StockBadges';
import { apiLineErrors, draftErrors, editedLines, linesInput, type ValueDrafts } from './line-edits';
import { isStockNotManaged, stockErrorMessageId } from './messages';
import { canChangeStock, STOCK_STATUS_TONE, STOCK_TYPE_MESSAGES } from './stock-labels';
import './stock.css';

/**
 * /devices/{serial}/stock (all roles): the machine's planogram lines with their stock, read again every few
 * seconds as sales arrive. Non-merchant-users edit values inline and refill the machine; a machine without stock
 * management says why, and offers to turn it on when it has a planogram.
 */
export function DeviceStockTab() {
  const serial = useParams().id ?? '';
  const { identity } = useSession();
  const canChange = canChangeStock(identity?.role);
  const stock = useMachineStock(serial);

  let body;
  if (isStockNotManaged(stock.error)) body = <NotManaged serial={serial} canChange={canChange} />;
  else if (stock.error && !stock.data)
    body = <ErrorState error={stock.error} messageId={stockErrorMessageId(stock.error)} onRetry={() => void stock.mutate()} />;
  else if (!stock.data)
    body = (
      <div className="state">
        <Spinner />
      </div>
    );
  else if (stock.data.lines.length === 0) body = <EmptyState messageId="stock.tab.empty" />;
  else body = <StockView stock={stock.data} canChange={canChange} />;
  return (
    <div className="device-tab" data-testid="device-stock" aria-busy={stock.isValidating}>
      {body}
    </div>
  );
}

/** No stock to show: without a planogram one must be assigned first; with one, stock management is off. */
function NotManaged({ serial, canChange }: { serial: string; canChange: boolean }) {
  const pos = useStockPos(serial);
  const { showToast } = useToast();
  const [turningOn, setTurningOn] = useState(false);

  async function onTurnOn() {
    setTurningOn(true);
    try {
      await turnStockOn(serial);
      showToast({ kind: 'success', messageId: 'stock.turnedOn' });
    } catch (error) {
      showToast({ kind: 'error', messageId: stockErrorMessageId(error) });
    } finally {
      setTurningOn(false);
    }
  }

  return (
    <Loaded result={pos} errorMessageId={stockErrorMessageId}>
      {(p) => (
        <section className="card state" data-testid="stock-not-managed" data-reason={p.planogramId ? 'off' : 'noPlanogram'}>
          {p.planogramId ? (
            <>
              <p>
                <FormattedMessage id="stock.notManaged.off" />
              </p>
              {canChange && (
                <button type="button" className="button button--primary" onClick={onTurnOn} disabled={turningOn} data-testid="stock-turn-on">
                  {turningOn ? <Spinner size="small" /> : <FormattedMessage id="stock.notManaged.turnOn" />}
                </button>
              )}
            </>
          ) : (
            <>
              <p>
                <FormattedMessage id="stock.notManaged.noPlanogram" />
              </p>
              {canChange && (
                <Link to={`/devices/${encodeURIComponent(serial)}/details`} className="button button--secondary" data-testid="stock-assign-planogram">
                  <FormattedMessage id="stock.notManaged.assignPlanogram" />
                </Link>
              )}
            </>
          )}
        </section>
      )}
    </Loaded>
  );
}

function StockView({ stock, canChange }: { stock: MachineStock; canChange: boolean }) {
  const { showToast } = useToast();
  const [drafts, setDrafts] = useState<ValueDrafts>({});
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [confirmRefill, setConfirmRefill] = useState(false);
  const [refilling, setRefilling] = useState(false);
  const edited = editedLines(stock.lines, drafts);
  const errors = { ...serverErrors, ...draftErrors(stock.lines, drafts) };

  function onValue(selection: string, text: string) {
    setDrafts((d) => ({ ...d, [selection]: text }));
    setServerErrors(({ [selection]: _, ...rest }) => rest);
  }

  function discard() {
    setDrafts({});
    setServerErrors({});
  }

  async function onSave(event: FormEvent) {
    event.preventDefault();
    if (edited.length === 0 || Object.keys(draftErrors(stock.lines, drafts)).length > 0) return;
    const input = linesInput(stock.lines, drafts);
    setSaving(true);
    try {
      await setStockLines(stock.serial, input);
      discard();
      showToast({ kind: 'success', messageId: 'stock.saved' });
    } catch (error) {
      if (error instanceof ApiError) setServerErrors(apiLineErrors(error, input));
      showToast({ kind: 'error', messageId: stockErrorMessageId(error) });
    } finally {
      setSaving(false);
    }
  }

  async function onRefill() {
    setConfirmRefill(false);
    setRefilling(true);
    try {
      await fullRefill(stock.serial);
      discard();
      showToast({ kind: 'success', messageId: 'stock.refilled' });
    } catch (error) {
      showToast({ kind: 'error', messageId: stockErrorMessageId(error) });
    } finally {
      setRefilling(false);
    }
  }

  return (
    <form className="stock-tab" onSubmit={onSave} noValidate data-testid="stock-form">
      <StockSummary stock={stock} />
      {canChange && (
        <div className="device-tab__actions">
          {edited.length > 0 && (
            <>
              <span className="muted" data-testid="stock-edited-count">
                <FormattedMessage id="stock.edit.count" values={{ count: edited.length }} />
              </span>
              <button type="button" className="button button--secondary" onClick={discard} disabled={saving} data-testid="stock-discard">
                <FormattedMessage id="stock.edit.discard" />
              </button>
              <button type="submit" className="button button--primary" disabled={saving} data-testid="stock-save">
                {saving ? <Spinner size="small" /> : <FormattedMessage id="stock.edit.save" />}
              </button>
            </>
          )}
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setConfirmRefill(true)}
            disabled={refilling || saving}
            data-testid="stock-full-refill"
          >
            {refilling ? <Spinner size="small" /> : <FormattedMessage id="stock.refill.action" />}
          </button>
        </div>
      )}
      <StockLines stock={stock} canChange={canChange} drafts={drafts} errors={errors} onValue={onValue} />
      <ConfirmDialog
        open={confirmRefill}
        titleId="stock.refill.confirmTitle"
        messageId="stock.refill.confirmMessage"
        messageValues={{ lines: stock.lines.length }}
        confirmId="stock.refill.confirm"
        cancelId="stock.cancel"
        onConfirm={() => void onRefill()}
        onCancel={() => setConfirmRefill(false)}
      />
    </form>
  );
}

/** The machine's figures on top of its lines, as the devices list's counts strip shows its own. */
function StockSummary({ stock }: { stock: MachineStock }) {
  const intl = useIntl();
  const format = useFormat();
  const items = [
    { id: 'fill', labelId: 'stock.field.fill', tone: 'neutral', value: <FillBar percent={stock.fillPercent} /> },
    { id: 'status', labelId: 'stock.field.status', tone: STOCK_STATUS_TONE[stock.status], value: <StockStatusBadge status={stock.status} /> },
    { id: 'linesOut', labelId: 'stock.field.linesOut', tone: stock.linesOut > 0 ? 'bad' : 'neutral', value: format.number(stock.linesOut) },
    { id: 'linesLow', labelId: 'stock.field.linesLow', tone: stock.linesLow > 0 ? 'warn' : 'neutral', value: format.number(stock.linesLow) },
    { id: 'daysToSellOut', labelId: 'stock.field.daysToSellOut', tone: 'neutral', value: <DaysToSellOut days={stock.daysToSellOut} /> },
    { id: 'lastRefill', labelId: 'stock.field.lastRefill', tone: 'neutral', value: format.dateTime(stock.lastRefillAt) || '–' },
    { id: 'updatedAt', labelId: 'stock.line.updatedAt', tone: 'neutral', value: format.dateTime(stock.updatedAt) },
    { id: 'stockType', labelId: 'stock.field.stockType', tone: 'neutral', value: <FormattedMessage id={STOCK_TYPE_MESSAGES[stock.stockType]} /> },
  ];
  return (
    <ul className="counts-strip stock-summary" aria-label={intl.formatMessage({ id: 'stock.summary' })} data-testid="stock-summary">
      {items.map((item) => (
        <li key={item.id} className={`counts-strip__item counts-strip__item--${item.tone}`} data-summary={item.id}>
          <span className="counts-strip__value">{item.value}</span>
          <span className="counts-strip__label">
            <FormattedMessage id={item.labelId} />
          </span>
        </li>
      ))}
    </ul>
  );
}

interface LinesProps {
  stock: MachineStock;
  canChange: boolean;
  drafts: ValueDrafts;
  errors: FieldErrors;
  onValue: (selection: string, text: string) => void;
}

const HEADERS = [
  'stock.line.selection',
  'stock.line.product',
  'stock.line.value',
  'stock.line.capacity',
  'stock.line.warningLevel',
  'stock.line.refillValue',
  'stock.line.status',
  'stock.line.soldLast30Days',
  'stock.field.daysToSellOut',
  'stock.field.lastRefill',
  'stock.line.updatedAt',
] as const;

function StockLines({ stock, canChange, drafts, errors, onValue }: LinesProps) {
  const format = useFormat();
  return (
    <section className="card">
      <div className="table-wrap">
        <table className="table stock-lines" data-testid="stock-lines">
          <HeaderRow cells={HEADERS} />
          <tbody>
            {stock.lines.map((line) => (
              <tr key={line.selection} data-selection={line.selection} data-testid="stock-line">
                <th scope="row">{line.selection}</th>
                <td className="stock-lines__product">{productLabel(line)}</td>
                <td data-column="value">
                  {canChange ? (
                    <ValueInput line={line} text={drafts[line.selection] ?? String(line.value)} error={errors[line.selection]} onValue={onValue} />
                  ) : (
                    format.number(line.value)
                  )}
                </td>
                <td>{format.number(line.capacity)}</td>
                <td>{format.number(line.warningLevel)}</td>
                <td>{format.number(line.refillValue)}</td>
                <td data-column="status">
                  <StockStatusBadge status={line.status} />
                </td>
                <td>{format.number(line.soldLast30Days)}</td>
                <td>
                  <DaysToSellOut days={line.daysToSellOut} />
                </td>
                <td>{format.dateTime(line.lastRefillAt)}</td>
                <td>{format.dateTime(line.updatedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** The product of a line as code · name; the id when the product is gone from the catalogue. */
const productLabel = (line: StockLine) => (line.productName ? [line.productCode, line.productName].filter(Boolean).join(' · ') : line.productId);

function ValueInput({ line, text, error, onValue }: { line: StockLine; text: string; error: FieldErrors[string]; onValue: LinesProps['onValue'] }) {
  const intl = useIntl();
  const errorId = `stock-value-${line.selection}-error`;
  return (
    <div className="stock-lines__value">
      <input
        type="number"
        inputMode="numeric"
        min={0}
        max={line.capacity}
        step={1}
        value={text}
        onChange={(e) => onValue(line.selection, e.target.value)}
        aria-label={intl.formatMessage({ id: 'stock.line.valueOf' }, { selection: line.selection })}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        data-testid={`stock-value-${line.selection}`}
      />
      {error && (
        <span className="field__error" role="alert" id={errorId} data-testid={`stock-value-${line.selection}-error`}>
          <FormattedMessage id={error.messageId} values={error.values} />
        </span>
      )}
    </div>
  );
}
