import { useId, useMemo, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router-dom';
import { MAX_PICK_LIST_MACHINES, type PickList } from '#schemas/stock';
import { HeaderRow } from '../../components/HeaderRow';
import { saveFile } from '../../components/data-table/csv';
import { Page } from '../../components/Page';
import { Spinner } from '../../components/Spinner';
import { EmptyState, ErrorState, ForOneMerchant } from '../../components/states';
import { useToast } from '../../components/toasts';
import { useFormat } from '../../lib/format';
import { useMerchantClients } from '../../lib/resources/get-merchant-clients';
import { useGroupsOfMerchants } from '../../lib/resources/get-merchant-groups';
import { useMerchantMachines } from '../../lib/resources/get-merchant-machines';
import { useCurrentMerchant } from '../../lib/resources/use-current-merchant';
import { exportPickListCsv } from './api/export-pick-list-csv';
import { usePickList } from './api/get-pick-list';
import { DaysToSellOut, FillBar } from './components/StockBadges';
import { stockErrorMessageId } from './messages';
import { PICK_LIST_KINDS, pickListQuery, searchOfSelection, selectionFromSearch, type PickListKind, type PickListSelection } from './pick-list-selection';
import { stockTabPath } from './stock-labels';
import { useMayCall } from '../../components/use-may-call';
import './stock.css';

interface Named {
  id: string;
  name: string;
}

/**
 * /devices/pick-list (all roles): what to bring to a group's, a client's or chosen machines — per product the
 * quantity (refill value minus stock, per line), per machine when it runs out — with the API's CSV and a print
 * view (the page prints on A4 without the console around it). The choice travels in the address.
 */
export function PickListPage() {
  const { merchantId, merchants } = useCurrentMerchant();
  return (
    <Page title={<FormattedMessage id="stock.pickList.title" />} testId="pick-list-page">
      <ForOneMerchant merchants={merchants} merchantId={merchantId} chooseMessageId="stock.chooseMerchant">
        {(merchantId) => <PickListScreen key={merchantId} merchantId={merchantId} />}
      </ForOneMerchant>
    </Page>
  );
}

function PickListScreen({ merchantId }: { merchantId: string }) {
  const intl = useIntl();
  const [search, setSearch] = useSearchParams();
  const selection = selectionFromSearch(search);
  // A merchant user reads no groups (spec §2): it picks a client or machines.
  const readsGroups = useMayCall('groups.list');
  const groups = useGroupsOfMerchants(readsGroups ? [merchantId] : []);
  const clients = useMerchantClients(merchantId);
  const groupList = useMemo(() => groups.data?.[merchantId] ?? [], [groups.data, merchantId]);
  const clientList = useMemo(() => clients.data ?? [], [clients.data]);
  const kinds = PICK_LIST_KINDS.filter((k) => k !== 'group' || readsGroups);

  const nameOf = (list: readonly Named[], id: string) => list.find((x) => x.id === id)?.name ?? id;
  const scope =
    selection?.kind === 'group'
      ? intl.formatMessage({ id: 'stock.pickList.scope.group' }, { name: nameOf(groupList, selection.id) })
      : selection?.kind === 'client'
        ? intl.formatMessage({ id: 'stock.pickList.scope.client' }, { name: nameOf(clientList, selection.id) })
        : intl.formatMessage({ id: 'stock.pickList.scope.machines' }, { count: selection?.serials.length ?? 0 });

  return (
    <>
      <SelectionForm
        key={search.toString()}
        merchantId={merchantId}
        kinds={kinds}
        groups={groupList}
        clients={clientList}
        selection={selection}
        onChoose={(s) => setSearch(searchOfSelection(s))}
      />
      {selection ? (
        <PickListResult merchantId={merchantId} selection={selection} scope={scope} />
      ) : (
        <section className="card">
          <EmptyState messageId="stock.pickList.choose" />
        </section>
      )}
    </>
  );
}

const KIND_MESSAGES: Record<PickListKind, string> = {
  group: 'stock.pickList.kind.group',
  client: 'stock.pickList.kind.client',
  machines: 'stock.pickList.kind.machines',
};
const MISSING_MESSAGES: Record<PickListKind, string> = {
  group: 'stock.pickList.missing.group',
  client: 'stock.pickList.missing.client',
  machines: 'stock.pickList.missing.machines',
};

interface SelectionFormProps {
  merchantId: string;
  kinds: readonly PickListKind[];
  groups: readonly Named[];
  clients: readonly Named[];
  selection: PickListSelection | null;
  onChoose: (selection: PickListSelection) => void;
}

/** The choice of machines: a group, a client, or machines ticked one by one (at most the API's limit). */
function SelectionForm({ merchantId, kinds, groups, clients, selection, onChoose }: SelectionFormProps) {
  const intl = useIntl();
  const id = useId();
  const [kind, setKind] = useState<PickListKind>(selection?.kind ?? kinds[0]!);
  const [groupId, setGroupId] = useState(selection?.kind === 'group' ? selection.id : '');
  const [clientId, setClientId] = useState(selection?.kind === 'client' ? selection.id : '');
  const [serials, setSerials] = useState<string[]>(selection?.kind === 'machines' ? selection.serials : []);
  const [missing, setMissing] = useState(false);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const chosen: PickListSelection | null =
      kind === 'group'
        ? groupId
          ? { kind, id: groupId }
          : null
        : kind === 'client'
          ? clientId
            ? { kind, id: clientId }
            : null
          : serials.length > 0
            ? { kind, serials }
            : null;
    setMissing(chosen === null);
    if (chosen) onChoose(chosen);
  }

  const choice = (value: string, onChange: (v: string) => void, list: readonly Named[], testId: string) => (
    <div className="field">
      <label htmlFor={`${id}-${testId}`} className="field__label">
        <FormattedMessage id={KIND_MESSAGES[kind]} />
      </label>
      <select
        id={`${id}-${testId}`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={missing ? true : undefined}
        aria-describedby={missing ? `${id}-missing` : undefined}
        data-testid={testId}
      >
        <option value="">{intl.formatMessage({ id: 'stock.pickList.pick' })}</option>
        {list.map((x) => (
          <option key={x.id} value={x.id}>
            {x.name}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <form className="card pick-list__controls" onSubmit={onSubmit} noValidate data-testid="pick-list-form">
      <fieldset className="pick-list__kinds">
        <legend>
          <FormattedMessage id="stock.pickList.for" />
        </legend>
        {kinds.map((k) => (
          <label key={k} className="pick-list__option">
            <input type="radio" name={`${id}-kind`} value={k} checked={kind === k} onChange={() => setKind(k)} data-testid={`pick-list-kind-${k}`} />
            <FormattedMessage id={KIND_MESSAGES[k]} />
          </label>
        ))}
      </fieldset>
      {kind === 'group' && choice(groupId, setGroupId, groups, 'pick-list-group')}
      {kind === 'client' && choice(clientId, setClientId, clients, 'pick-list-client')}
      {kind === 'machines' && <MachinePicker merchantId={merchantId} chosen={serials} onChange={setSerials} invalid={missing} describedBy={`${id}-missing`} />}
      {missing && (
        <span id={`${id}-missing`} className="field__error" role="alert" data-testid="pick-list-missing">
          <FormattedMessage id={MISSING_MESSAGES[kind]} />
        </span>
      )}
      <div className="form__actions">
        <button type="submit" className="button button--primary" data-testid="pick-list-show">
          <FormattedMessage id="stock.pickList.show" />
        </button>
      </div>
    </form>
  );
}

/** The merchant's machines, found by name or serial and ticked. */
function MachinePicker({
  merchantId,
  chosen,
  onChange,
  invalid,
  describedBy,
}: {
  merchantId: string;
  chosen: string[];
  onChange: (serials: string[]) => void;
  invalid: boolean;
  describedBy: string;
}) {
  const intl = useIntl();
  const id = useId();
  const machines = useMerchantMachines(merchantId);
  const [text, setText] = useState('');
  const needle = text.trim().toLowerCase();
  const shown = (machines.data ?? []).filter((m) => needle === '' || m.name.toLowerCase().includes(needle) || m.serial.toLowerCase().includes(needle));
  const full = chosen.length >= MAX_PICK_LIST_MACHINES;
  const toggle = (serial: string, on: boolean) => onChange(on ? [...chosen, serial] : chosen.filter((s) => s !== serial));

  if (machines.error && !machines.data)
    return <ErrorState error={machines.error} messageId={stockErrorMessageId(machines.error)} onRetry={() => void machines.mutate()} />;
  if (!machines.data) return <Spinner />;
  return (
    <fieldset className="pick-list__machines" aria-describedby={invalid ? describedBy : undefined} data-testid="pick-list-machines">
      <legend>
        <FormattedMessage id="stock.pickList.kind.machines" />
      </legend>
      <div className="field">
        <label htmlFor={`${id}-find`} className="field__label">
          <FormattedMessage id="stock.pickList.findMachine" />
        </label>
        <input id={`${id}-find`} type="search" value={text} onChange={(e) => setText(e.target.value)} data-testid="pick-list-find" />
      </div>
      <p className="muted" data-testid="pick-list-chosen">
        <FormattedMessage id="stock.pickList.chosen" values={{ count: chosen.length, max: MAX_PICK_LIST_MACHINES }} />
      </p>
      <div className="pick-list__machine-options">
        {shown.map((m) => {
          const on = chosen.includes(m.serial);
          return (
            <label key={m.serial} className="pick-list__option">
              <input type="checkbox" checked={on} disabled={!on && full} onChange={(e) => toggle(m.serial, e.target.checked)} data-serial={m.serial} />
              {intl.formatMessage({ id: 'stock.pickList.machineOption' }, { name: m.name, serial: m.serial })}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

function PickListResult({ merchantId, selection, scope }: { merchantId: string; selection: PickListSelection; scope: string }) {
  const query = pickListQuery(merchantId, selection);
  const list = usePickList(query);
  const format = useFormat();
  const { showToast } = useToast();
  const [downloading, setDownloading] = useState(false);

  async function onDownload() {
    setDownloading(true);
    try {
      const file = await exportPickListCsv(query);
      saveFile(file.fileName ?? `pick-list-${new Date().toISOString().slice(0, 10)}.csv`, file.blob);
    } catch (error) {
      showToast({ kind: 'error', messageId: stockErrorMessageId(error) });
    } finally {
      setDownloading(false);
    }
  }

  if (list.error && !list.data) return <ErrorState error={list.error} messageId={stockErrorMessageId(list.error)} onRetry={() => void list.mutate()} />;
  if (!list.data)
    return (
      <div className="state">
        <Spinner />
      </div>
    );
  const data = list.data;
  return (
    <section className="card pick-list" aria-busy={list.isValidating} data-testid="pick-list">
      <header className="pick-list__header">
        <div>
          <h2 data-testid="pick-list-scope">{scope}</h2>
          <p className="muted" data-testid="pick-list-summary">
            <FormattedMessage
              id="stock.pickList.summary"
              values={{ date: format.dateTime(data.generatedAt), total: data.totalQuantity, machines: data.machines.length }}
            />
          </p>
        </div>
        <div className="pick-list__actions">
          <button type="button" className="button button--secondary" onClick={onDownload} disabled={downloading} data-testid="pick-list-csv">
            {downloading ? <Spinner size="small" /> : <FormattedMessage id="stock.pickList.csv" />}
          </button>
          <button type="button" className="button button--primary" onClick={() => window.print()} data-testid="pick-list-print">
            <FormattedMessage id="stock.pickList.print" />
          </button>
        </div>
      </header>
      <h3>
        <FormattedMessage id="stock.pickList.products" />
      </h3>
      {data.products.length === 0 ? (
        <EmptyState messageId={data.machines.length === 0 ? 'stock.pickList.noMachines' : 'stock.pickList.nothingToBring'} />
      ) : (
        <ProductsTable products={data.products} />
      )}
      <h3>
        <FormattedMessage id="stock.pickList.machines" />
      </h3>
      {data.machines.length === 0 ? <EmptyState messageId="stock.pickList.noMachines" /> : <MachinesTable machines={data.machines} />}
    </section>
  );
}

/** Per product the quantity to bring; a product opens onto its machines and lines (always printed). */
function ProductsTable({ products }: { products: PickList['products'] }) {
  const intl = useIntl();
  const format = useFormat();
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (productId: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(productId)) next.add(productId);
      return next;
    });
  return (
    <div className="table-wrap">
      <table className="table pick-list__products" data-testid="pick-list-products">
        <HeaderRow cells={['stock.line.product', 'stock.pickList.where', { messageId: 'stock.pickList.quantity', className: 'number' }]} />
        {products.map((p) => {
          const expanded = open.has(p.productId);
          const name = p.productName ? [p.productCode, p.productName].filter(Boolean).join(' · ') : p.productId;
          return (
            <tbody key={p.productId} data-product={p.productId} data-testid="pick-list-product">
              <tr className="pick-list__product">
                <th scope="row">{name}</th>
                <td>
                  <button
                    type="button"
                    className="button button--secondary pick-list__toggle"
                    aria-expanded={expanded}
                    onClick={() => toggle(p.productId)}
                    data-testid="pick-list-toggle"
                  >
                    <FormattedMessage id={expanded ? 'stock.pickList.hideLines' : 'stock.pickList.showLines'} values={{ count: p.lines.length }} />
                  </button>
                </td>
                <td className="number" data-testid="pick-list-quantity">
                  {format.number(p.quantity)}
                </td>
              </tr>
              {p.lines.map((l) => (
                <tr key={`${l.serial}/${l.selection}`} className="pick-list__line" hidden={!expanded} data-testid="pick-list-line">
                  <td />
                  <td>
                    {intl.formatMessage(
                      { id: 'stock.pickList.lineWhere' },
                      {
                        machine: l.machineName,
                        serial: l.serial,
                        selection: l.selection,
                        value: format.number(l.value),
                        refillValue: format.number(l.refillValue),
                      },
                    )}
                  </td>
                  <td className="number">{format.number(l.quantity)}</td>
                </tr>
              ))}
            </tbody>
          );
        })}
      </table>
    </div>
  );
}

/** Per machine how full it is and when its first line runs out. */
function MachinesTable({ machines }: { machines: PickList['machines'] }) {
  const format = useFormat();
  const headers = [
    'stock.field.machine',
    'stock.field.serial',
    'stock.field.fill',
    'stock.field.linesOut',
    'stock.field.linesLow',
    'stock.field.daysToSellOut',
  ] as const;
  return (
    <div className="table-wrap">
      <table className="table pick-list__machine-table" data-testid="pick-list-machine-table">
        <HeaderRow cells={headers} />
        <tbody>
          {machines.map((m) => (
            <tr key={m.serial} data-serial={m.serial} data-testid="pick-list-machine">
              <th scope="row">
                <Link to={stockTabPath(m.serial)}>{m.name}</Link>
              </th>
              <td>{m.serial}</td>
              <td>
                <FillBar percent={m.fillPercent} />
              </td>
              <td>{format.number(m.linesOut)}</td>
              <td>{format.number(m.linesLow)}</td>
              <td data-testid="pick-list-days">
                <DaysToSellOut days={m.daysToSellOut} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
