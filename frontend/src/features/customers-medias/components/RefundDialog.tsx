import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MediaDetail } from '#schemas/media';
import { SelectField, TextField } from '../../../components/form/fields';
import { FormDialog } from '../../../components/FormDialog';
import { useToast } from '../../../components/toasts';
import { useFormat } from '../../../lib/format';
import { useMerchantMachines } from '../../../lib/resources/get-merchant-machines';
import { refundMedia } from '../api/refund-media';
import { mediaErrorMessageId } from '../messages';
import { readRefund } from '../refund-amount';

/**
 * Refund a media: cloud credit any machine of the merchant pays onto the key, or (`atMachine`) only the chosen
 * machine. The amount is typed in the merchant's currency, below the maximum refund (shown when known). One
 * Idempotency-Key per dialog: a double click or a retry after a timeout refunds once. Mounted per opening.
 */
export function RefundDialog({
  merchantId,
  media,
  currency,
  maximumRefund,
  atMachine,
  onClose,
}: {
  merchantId: string;
  media: MediaDetail;
  currency: string;
  maximumRefund: number | null;
  atMachine: boolean;
  onClose: () => void;
}) {
  const intl = useIntl();
  const format = useFormat();
  const { showToast } = useToast();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [amount, setAmount] = useState('');
  const [device, setDevice] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const machines = useMerchantMachines(atMachine ? merchantId : null);
  // The media's cloud credit after the refund stays within the maximum refund (what the API enforces); 0 = refunds off.
  const room = maximumRefund === null ? null : Math.max(0, maximumRefund - media.cloudCredit);
  const read = readRefund(amount, currency, room, intl.locale);
  const deviceMissing = atMachine && device === '';

  async function submit() {
    setTouched(true);
    if (!read.ok || deviceMissing || room === 0) return;
    setBusy(true);
    try {
      await refundMedia(merchantId, media.mediaId, { refund: read.refund, ...(atMachine ? { device } : {}) }, idempotencyKey);
      showToast({ kind: 'success', messageId: 'medias.refund.done', values: { amount: format.money(read.refund, currency) } });
      onClose();
    } catch (error) {
      showToast({ kind: 'error', messageId: mediaErrorMessageId(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormDialog
      open
      titleId={atMachine ? 'medias.refundMachine.title' : 'medias.refund.title'}
      submitLabelId="medias.refund.submit"
      busy={busy}
      submitDisabled={room === 0}
      onSubmit={() => void submit()}
      onCancel={onClose}
      testId="refund-dialog"
    >
      <p>
        <FormattedMessage id={atMachine ? 'medias.refundMachine.explain' : 'medias.refund.explain'} />
      </p>
      <TextField
        labelId="medias.refund.amount"
        labelValues={{ currency }}
        name="refund"
        value={amount}
        onChange={setAmount}
        error={touched && !read.ok ? read.error : undefined}
        hint={<RefundLimit maximumRefund={maximumRefund} currency={currency} />}
      />
      {atMachine && (
        <SelectField
          labelId="medias.refund.device"
          name="device"
          value={device}
          onChange={setDevice}
          placeholder={intl.formatMessage({ id: 'medias.refund.chooseDevice' })}
          options={(machines.data ?? []).map((m) => ({ value: m.serial, label: `${m.serial} · ${m.name}` }))}
          error={touched && deviceMissing ? { messageId: 'validation.required' } : undefined}
        />
      )}
      <p className="muted" data-testid="refund-cloud-credit">
        <FormattedMessage id="medias.refund.waiting" values={{ amount: format.money(media.cloudCredit, currency) }} />
      </p>
      {room === 0 && (
        <p className="field__error" role="alert" data-testid="refund-no-room">
          <FormattedMessage id={maximumRefund === 0 ? 'medias.refund.off' : 'medias.refund.full'} />
        </p>
      )}
    </FormDialog>
  );
}

/** The merchant's maximum refund under an amount field (unknown to a group admin: the API still checks it). */
export function RefundLimit({ maximumRefund, currency }: { maximumRefund: number | null; currency: string }) {
  const format = useFormat();
  if (maximumRefund === null) return <FormattedMessage id="medias.refund.maximumUnknown" />;
  return <FormattedMessage id="medias.refund.maximum" values={{ maximum: format.money(maximumRefund, currency) }} />;
}
