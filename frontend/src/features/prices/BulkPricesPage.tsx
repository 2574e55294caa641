import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { BulkPriceChange, BulkPricePreview, BulkPriceResult } from '#schemas/prices';
import { MAX_BULK_MACHINES, PRICE_TABLE_NUMBERS } from '#schemas/prices-constants';
import { HeaderRow } from '../../components/HeaderRow';
import { CheckboxField, Field, SelectField, TextField } from '../../components/form/fields';
import { SubmitButton } from '../../components/form/SubmitButton';
import { Page } from '../../components/Page';
import { EmptyState, ErrorState, ForOneMerchant } from '../../components/states';
import { useToast } from '../../components/toasts';
import { ApiError } from '../../lib/api';
import { useFormat } from '../../lib/format';
import type { FieldErrors } from '../../lib/form-errors';
import { useGroupsOfMerchants } from '../../lib/resources/get-merchant-groups';
import { useMerchantMachines } from '../../lib/resources/get-merchant-machines';
import { useMerchantPlanograms } from '../../lib/resources/get-merchant-planograms';
import { useMerchantProducts } from '../../lib/resources/get-merchant-products';
import { useCurrentMerchant } from '../../lib/resources/use-current-merchant';
import { applyBulkPrices } from './api/apply-bulk-prices';
import { previewBulkPrices } from './api/preview-bulk-prices';
import { bulkChangeOf, bulkFieldErrors, EMPTY_BULK_DRAFT, type BulkDraft } from './bulk-draft';
import { OUTCOME_MESSAGES, pricesErrorMessageId, PROBLEM_MESSAGES, TABLE_MESSAGES } from './messages';
import './prices.css';

/** /devices/prices-bulk: one product's price across many machines (a planogram's, a group's or chosen ones) of the app bar's merchant. */
export function BulkPricesPage() {
  const { merchantId, merchant, merchants } = useCurrentMerchant();
  return (
    <Page title={<FormattedMessage id="prices.bulk.title" />} testId="bulk-prices-page">
      <ForOneMerchant merchants={merchants} merchantId={merchantId} chooseMessageId="prices.bulk.chooseMerchant">
        {(id) => <BulkPriceChangeForm key={id} merchantId={id} currency={merchant!.currency} />}
      </ForOneMerchant>
    </Page>
  );
}

const TARGET_KINDS = [
  ['planogram', 'prices.bulk.target.planogram'],
  ['group', 'prices.bulk.target.group'],
  ['machines', 'prices.bulk.target.machines'],
] as const;
const OPERATIONS = [
  ['set', 'prices.bulk.operation.set'],
  ['add', 'prices.bulk.operation.add'],
] as const;

/** What the screen shows under the form: nothing yet, the preview of a change, or the outcome of applying it. */
type Step =
  | { kind: 'edit' }
  | { kind: 'preview'; change: BulkPriceChange; preview: BulkPricePreview }
  | { kind: 'applied'; preview: BulkPricePreview; result: BulkPriceResult };

function BulkPriceChangeForm({ merchantId, currency }: { merchantId: string; currency: string }) {
  const intl = useIntl();
  const { showToast } = useToast();
  const planograms = useMerchantPlanograms(merchantId);
  const groups = useGroupsOfMerchants([merchantId]);
  const machines = useMerchantMachines(merchantId);
  const products = useMerchantProducts(merchantId);
  const [draft, setDraft] = useState<BulkDraft>(EMPTY_BULK_DRAFT);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [step, setStep] = useState<Step>({ kind: 'edit' });
  const [busy, setBusy] = useState(false);

  // Any change of the form makes the preview out of date.
  const set = <K extends keyof BulkDraft>(field: K, value: BulkDraft[K]) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    setStep({ kind: 'edit' });
  };

  async function call<T>(send: () => Promise<T>, action: 'get' | 'set'): Promise<T | null> {
    setBusy(true);
    try {
      return await send();
    } catch (error) {
      if (error instanceof ApiError && (error.status === 400 || error.status === 404)) setErrors(bulkFieldErrors(error.details));
      showToast({ kind: 'error', messageId: pricesErrorMessageId(error, action) });
      return null;
    } finally {
      setBusy(false);
    }
  }

  async function onPreview(event: FormEvent) {
    event.preventDefault();
    const checked = bulkChangeOf(draft, merchantId, currency, intl.locale);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    const preview = await call(() => previewBulkPrices(checked.change), 'get');
    if (preview) setStep({ kind: 'preview', change: checked.change, preview });
  }

  async function onApply() {
    if (step.kind !== 'preview') return;
    const { change, preview } = step;
    const versions = Object.fromEntries(preview.machines.filter((m) => m.problem === null).map((m) => [m.serial, m.version]));
    const result = await call(() => applyBulkPrices({ ...change, versions }), 'set');
    if (!result) return;
    setStep({ kind: 'applied', preview, result });
    showToast({ kind: 'success', messageId: 'prices.bulk.applied', values: { saved: result.saved } });
  }

  const error = (field: keyof BulkDraft) => errors[field];
  const options = <T,>(list: readonly T[] | undefined, value: (t: T) => string, label: (t: T) => string) =>
    (list ?? []).map((t) => ({ value: value(t), label: label(t) }));
  const pick = intl.formatMessage({ id: 'prices.bulk.pick' });

  // The choices come from four lists: one that fails to load says so (with a retry) rather than an empty picker.
  const failed = [planograms, groups, machines, products].find((list) => list.error);

  return (
    <>
      {failed && <ErrorState error={failed.error} onRetry={() => void failed.mutate()} />}
      <form className="card form bulk-prices" onSubmit={(e) => void onPreview(e)} noValidate data-testid="bulk-prices-form">
        <fieldset className="bulk-prices__group">
          <legend>
            <FormattedMessage id="prices.bulk.target" />
          </legend>
          <div className="bulk-prices__choices">
            {TARGET_KINDS.map(([kind, labelId]) => (
              <label key={kind}>
                <input
                  type="radio"
                  name="targetKind"
                  checked={draft.targetKind === kind}
                  onChange={() => set('targetKind', kind)}
                  data-testid={`bulk-target-${kind}`}
                />{' '}
                <FormattedMessage id={labelId} />
              </label>
            ))}
          </div>
          {draft.targetKind === 'planogram' && (
            <SelectField
              name="planogramId"
              labelId="prices.bulk.planogram"
              value={draft.planogramId}
              onChange={(v) => set('planogramId', v)}
              options={options(
                planograms.data,
                (p) => p.id,
                (p) => p.name,
              )}
              placeholder={pick}
              error={error('planogramId')}
            />
          )}
          {draft.targetKind === 'group' && (
            <SelectField
              name="groupId"
              labelId="prices.bulk.group"
              value={draft.groupId}
              onChange={(v) => set('groupId', v)}
              options={options(
                groups.data?.[merchantId],
                (g) => g.id,
                (g) => g.name,
              )}
              placeholder={pick}
              error={error('groupId')}
            />
          )}
          {draft.targetKind === 'machines' && (
            <Field
              labelId="prices.bulk.machines"
              name="serials"
              error={error('serials')}
              hint={<FormattedMessage id="prices.bulk.machines.hint" values={{ max: MAX_BULK_MACHINES }} />}
            >
              {(control) => (
                <select
                  {...control}
                  multiple
                  size={8}
                  value={draft.serials}
                  onChange={(e) =>
                    set(
                      'serials',
                      [...e.target.selectedOptions].map((o) => o.value),
                    )
                  }
                  data-testid="field-serials"
                >
                  {(machines.data ?? []).map((m) => (
                    <option key={m.serial} value={m.serial}>
                      {`${m.name} · ${m.serial}`}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          )}
        </fieldset>
        <SelectField
          name="productId"
          labelId="prices.bulk.product"
          value={draft.productId}
          onChange={(v) => set('productId', v)}
          options={options(
            products.data,
            (p) => p.id,
            (p) => `${p.code} · ${p.name}`,
          )}
          placeholder={pick}
          error={error('productId')}
        />
        <fieldset className="bulk-prices__group" aria-describedby={error('priceTables') ? 'bulk-price-tables-error' : undefined}>
          <legend>
            <FormattedMessage id="prices.bulk.priceTables" />
          </legend>
          <div className="bulk-prices__choices">
            {PRICE_TABLE_NUMBERS.map((t) => (
              <CheckboxField
                key={t}
                name={`priceTable-${t}`}
                label={`${t} · ${intl.formatMessage({ id: TABLE_MESSAGES[t] })}`}
                checked={draft.priceTables.includes(t)}
                onChange={(on) => set('priceTables', on ? [...draft.priceTables, t] : draft.priceTables.filter((x) => x !== t))}
              />
            ))}
          </div>
          {error('priceTables') && (
            <span className="field__error" id="bulk-price-tables-error" role="alert" data-testid="error-priceTables">
              <FormattedMessage id={error('priceTables')!.messageId} />
            </span>
          )}
        </fieldset>
        <fieldset className="bulk-prices__group">
          <legend>
            <FormattedMessage id="prices.bulk.operation" />
          </legend>
          <div className="bulk-prices__choices">
            {OPERATIONS.map(([kind, labelId]) => (
              <label key={kind}>
                <input
                  type="radio"
                  name="operation"
                  checked={draft.operation === kind}
                  onChange={() => set('operation', kind)}
                  data-testid={`bulk-operation-${kind}`}
                />{' '}
                <FormattedMessage id={labelId} />
              </label>
            ))}
          </div>
          <TextField
            name="amount"
            labelId={draft.operation === 'set' ? 'prices.bulk.value' : 'prices.bulk.delta'}
            value={draft.amount}
            onChange={(v) => set('amount', v)}
            hint={<FormattedMessage id={draft.operation === 'set' ? 'prices.currencyHint' : 'prices.bulk.delta.hint'} values={{ currency }} />}
            error={error('amount')}
          />
        </fieldset>
        <div className="form__actions">
          <SubmitButton labelId="prices.bulk.preview" busy={busy && step.kind === 'edit'} disabled={busy} testId="bulk-preview" />
        </div>
      </form>
      {step.kind === 'preview' && <PreviewCard preview={step.preview} currency={currency} busy={busy} onApply={() => void onApply()} />}
      {step.kind === 'applied' && <ResultCard preview={step.preview} result={step.result} />}
    </>
  );
}

function PreviewCard({ preview, currency, busy, onApply }: { preview: BulkPricePreview; currency: string; busy: boolean; onApply: () => void }) {
  const intl = useIntl();
  const format = useFormat();
  const applicable = preview.machines.filter((m) => m.problem === null).length;
  const money = (v: number | null) => (v === null ? intl.formatMessage({ id: 'prices.bulk.noPrice' }) : format.money(v, currency));
  return (
    <section className="card bulk-prices__preview" aria-labelledby="bulk-preview-title" data-testid="bulk-preview-result">
      <h2 id="bulk-preview-title">
        <FormattedMessage id="prices.bulk.preview.title" />
      </h2>
      <p data-testid="bulk-preview-summary">
        <FormattedMessage id="prices.bulk.preview.summary" values={{ differ: preview.machines.length, considered: preview.considered }} />
      </p>
      {preview.machines.length === 0 ? (
        <EmptyState messageId="prices.bulk.preview.empty" />
      ) : (
        <div className="table-wrap">
          <table className="bulk-prices__table">
            <HeaderRow cells={['prices.bulk.machine', 'prices.bulk.changes']} />
            <tbody>
              {preview.machines.map((m) => (
                <tr key={m.serial} data-testid="bulk-preview-machine" data-serial={m.serial}>
                  <th scope="row">
                    <Link to={`/devices/${encodeURIComponent(m.serial)}/prices`}>{m.name}</Link> <span className="muted">{m.serial}</span>
                  </th>
                  <td>
                    {m.problem ? (
                      <span className="field__error" data-testid="bulk-preview-problem">
                        <FormattedMessage id={PROBLEM_MESSAGES[m.problem]} />
                      </span>
                    ) : (
                      <ul className="bulk-prices__changes">
                        {m.changes.map((c) => (
                          <li key={`${c.line}*${c.priceTable}`} data-testid="bulk-preview-change">
                            {`${c.line} · ${intl.formatMessage({ id: TABLE_MESSAGES[c.priceTable as keyof typeof TABLE_MESSAGES] })}: ${money(c.from)} → ${money(c.to)}`}
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="form__actions">
        <button type="button" className="button button--primary" onClick={onApply} disabled={applicable === 0 || busy} data-testid="bulk-apply">
          <FormattedMessage id="prices.bulk.apply" values={{ count: applicable }} />
        </button>
      </div>
    </section>
  );
}

function ResultCard({ preview, result }: { preview: BulkPricePreview; result: BulkPriceResult }) {
  const names = new Map(preview.machines.map((m) => [m.serial, m.name]));
  return (
    <section className="card bulk-prices__preview" aria-labelledby="bulk-result-title" data-testid="bulk-apply-result">
      <h2 id="bulk-result-title">
        <FormattedMessage id="prices.bulk.result.title" />
      </h2>
      <p data-testid="bulk-result-summary">
        <FormattedMessage id="prices.bulk.result.summary" values={{ saved: result.saved, total: result.machines.length }} />
      </p>
      <div className="table-wrap">
        <table className="bulk-prices__table">
          <HeaderRow cells={['prices.bulk.machine', 'prices.bulk.outcome']} />
          <tbody>
            {result.machines.map((m) => (
              <tr key={m.serial} data-testid="bulk-result-machine" data-serial={m.serial} data-outcome={m.outcome}>
                <th scope="row">
                  <Link to={`/devices/${encodeURIComponent(m.serial)}/prices`}>{names.get(m.serial) ?? m.serial}</Link>{' '}
                  <span className="muted">{m.serial}</span>
                </th>
                <td>
                  <FormattedMessage id={OUTCOME_MESSAGES[m.outcome]} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
