import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { MAX_BATCH_REFUND_MEDIAS, type BATCH_SKIP_REASONS, type BatchRefundResult, type SerialValidation } from '#schemas/media';
import { SelectField, TextField } from '../../../components/form/fields';
import { FormDialog } from '../../../components/FormDialog';
import { useToast } from '../../../components/toasts';
import type { FieldError } from '../../../lib/form-errors';
import { useMerchantMachines } from '../../../lib/resources/get-merchant-machines';
import { batchRefund } from '../api/batch-refund';
import { validateSerials } from '../api/validate-serials';
import { parseMediaSerials } from '../batch-serials';
import { isNoMediaRefunded, mediaErrorMessageId } from '../messages';
import { readRefund } from '../refund-amount';
import { RefundLimit } from './RefundDialog';

const ANY_MACHINE = '';

/**
 * Batch refund (spec §5): paste the printed serials (at most MAX_BATCH_REFUND_MEDIAS), the amount and
 * optionally the one machine that pays it; Validate shows which exist, which are blocked or lost, which repeat
 * and which no media has; Refund gives the amount to each valid one and tells what was refunded ("no media
 * refunded" when none). One Idempotency-Key per dialog. Mounted per opening.
 */
export function BatchRefundDialog({
  merchantId,
  currency,
  maximumRefund,
  onClose,
}: {
  merchantId: string;
  currency: string;
  maximumRefund: number | null;
  onClose: () => void;
}) {
  const intl = useIntl();
  const { showToast } = useToast();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [text, setText] = useState('');
  const [amount, setAmount] = useState('');
  const [device, setDevice] = useState(ANY_MACHINE);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [validation, setValidation] = useState<SerialValidation | null>(null);
  const [result, setResult] = useState<BatchRefundResult | null>(null);
  const machines = useMerchantMachines(merchantId);

  const { serials, malformed } = parseMediaSerials(text);
  const tooMany = serials.length > MAX_BATCH_REFUND_MEDIAS;
  const serialsError: FieldError | null =
    malformed.length > 0
      ? { messageId: 'medias.batch.error.malformed', values: { serials: malformed.slice(0, 5).join(', '), count: malformed.length } }
      : serials.length === 0
        ? { messageId: 'validation.required' }
        : tooMany
          ? { messageId: 'errors.BatchRefundMaximumException', values: { maxSize: MAX_BATCH_REFUND_MEDIAS } }
          : null;
  const read = readRefund(amount, currency, maximumRefund, intl.locale);
  const edit = (change: () => void) => {
    change();
    setValidation(null);
  };

  async function run(call: () => Promise<void>) {
    setBusy(true);
    try {
      await call();
    } catch (error) {
      // Nothing qualified (e.g. all blocked since the validation): the outcome says so, nothing was refunded.
      if (isNoMediaRefunded(error)) setResult({ refunded: [], skipped: [] });
      showToast({ kind: 'error', messageId: mediaErrorMessageId(error), values: { maxSize: MAX_BATCH_REFUND_MEDIAS } });
    } finally {
      setBusy(false);
    }
  }

  function submit() {
    setTouched(true);
    if (result) return onClose();
    if (serialsError || !read.ok) return;
    if (!validation) return void run(async () => setValidation(await validateSerials(merchantId, serials)));
    if (validation.valid.length === 0) return;
    void run(async () => {
      const done = await batchRefund(merchantId, { mediaSerials: serials, refund: read.refund, ...(device !== ANY_MACHINE ? { device } : {}) }, idempotencyKey);
      setResult(done);
      if (done.refunded.length > 0) showToast({ kind: 'success', messageId: 'medias.batch.done', values: { count: done.refunded.length } });
    });
  }

  const submitLabelId = result ? 'common.close' : validation ? 'medias.batch.refund' : 'medias.batch.validate';
  return (
    <FormDialog
      open
      wide
      titleId="medias.batch.title"
      submitLabelId={submitLabelId}
      busy={busy}
      submitDisabled={validation !== null && !result && validation.valid.length === 0}
      onSubmit={submit}
      onCancel={onClose}
      testId="batch-refund-dialog"
    >
      {result ? (
        <BatchOutcome result={result} />
      ) : (
        <>
          <TextField
            labelId="medias.batch.serials"
            labelValues={{ maxSize: String(MAX_BATCH_REFUND_MEDIAS) }}
            name="mediaSerials"
            multiline
            value={text}
            onChange={(v) => edit(() => setText(v))}
            error={(touched || malformed.length > 0 || tooMany) && serialsError ? serialsError : undefined}
            hint={<FormattedMessage id="medias.batch.serialsHint" values={{ count: serials.length, maxSize: MAX_BATCH_REFUND_MEDIAS }} />}
          />
          <TextField
            labelId="medias.refund.amount"
            labelValues={{ currency }}
            name="refund"
            value={amount}
            onChange={(v) => edit(() => setAmount(v))}
            error={touched && !read.ok ? read.error : undefined}
            hint={<RefundLimit maximumRefund={maximumRefund} currency={currency} />}
          />
          <SelectField
            labelId="medias.batch.device"
            name="device"
            value={device}
            onChange={(v) => edit(() => setDevice(v))}
            options={[
              { value: ANY_MACHINE, label: intl.formatMessage({ id: 'medias.batch.anyMachine' }) },
              ...(machines.data ?? []).map((m) => ({ value: m.serial, label: `${m.serial} · ${m.name}` })),
            ]}
          />
          {validation && <ValidationSummary validation={validation} />}
        </>
      )}
    </FormDialog>
  );
}

/** What the validation found: the refundable medias, then each kind of serial that will not be refunded. */
function ValidationSummary({ validation }: { validation: SerialValidation }) {
  const groups: [string, string[]][] = [
    ['medias.batch.invalid.blocked', validation.blocked.map((b) => b.serial)],
    ['medias.batch.invalid.repeated', validation.repeated],
    ['medias.batch.invalid.unknown', validation.unknown],
    ['medias.batch.invalid.ambiguous', validation.ambiguous],
  ];
  return (
    <section className="batch-summary" aria-live="polite" data-testid="batch-validation">
      <p data-testid="batch-valid" data-count={validation.valid.length}>
        <FormattedMessage id="medias.batch.valid" values={{ count: validation.valid.length }} />
      </p>
      {validation.valid.length === 0 && (
        <p className="field__error" role="alert" data-testid="batch-none-valid">
          <FormattedMessage id="errors.NoMediaRefundedException" />
        </p>
      )}
      <SerialGroups groups={groups} />
    </section>
  );
}

/** After the refund: how many medias were refunded, and which serials were not, with why. */
function BatchOutcome({ result }: { result: BatchRefundResult }) {
  const reasons = [...new Set(result.skipped.map((s) => s.reason))];
  const groups: [string, string[]][] = reasons.map((reason) => [SKIP_MESSAGES[reason], result.skipped.filter((s) => s.reason === reason).map((s) => s.serial)]);
  return (
    <section className="batch-summary" aria-live="polite" data-testid="batch-outcome">
      {result.refunded.length > 0 ? (
        <p data-testid="batch-refunded" data-count={result.refunded.length}>
          <FormattedMessage id="medias.batch.done" values={{ count: result.refunded.length }} />
        </p>
      ) : (
        <p className="field__error" role="alert" data-testid="batch-none-refunded">
          <FormattedMessage id="errors.NoMediaRefundedException" />
        </p>
      )}
      <SerialGroups groups={groups} />
    </section>
  );
}

/** Why a serial of the batch was not refunded. */
const SKIP_MESSAGES: Record<(typeof BATCH_SKIP_REASONS)[number], string> = {
  unknown: 'medias.batch.invalid.unknown',
  ambiguous: 'medias.batch.invalid.ambiguous',
  repeated: 'medias.batch.invalid.repeated',
  blocked: 'medias.batch.invalid.blocked',
  lostKey: 'medias.batch.invalid.lostKey',
  aboveMaximumRefund: 'medias.batch.invalid.aboveMaximumRefund',
  otherDevice: 'medias.batch.invalid.otherDevice',
};

/** Serials by the message that heads them ("3 repeated: …"). */
function SerialGroups({ groups }: { groups: [string, string[]][] }) {
  return (
    <>
      {groups
        .filter(([, serials]) => serials.length > 0)
        .map(([messageId, serials]) => (
          <div key={messageId} className="batch-summary__group" data-group={messageId.split('.').at(-1)}>
            <h3>
              <FormattedMessage id={messageId} values={{ count: serials.length }} />
            </h3>
            <p className="batch-summary__serials">{serials.join(', ')}</p>
          </div>
        ))}
    </>
  );
}
