import { useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { SERIAL_PATTERN } from '#schemas/pos-entity';
import { MAX_VP_SEND_MACHINES, type VpConfiguration } from '#schemas/vp-configuration';
import { TextField } from '../../../components/form/fields';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { useToast } from '../../../components/toasts';
import type { FieldError } from '../../../lib/form-errors';
import { sendVpConfiguration } from '../api/send-vp-configuration';
import { vpErrorMessageId } from '../messages';

const serialsOf = (text: string) => [...new Set(text.split(/[\s,;]+/).filter(Boolean))];

/** Sends the current version to machines of its device type (remote command 13); the outcome in a toast. */
export function VpSendCard({ configuration: c }: { configuration: VpConfiguration }) {
  const { showToast } = useToast();
  const [text, setText] = useState('');
  const [error, setError] = useState<FieldError | undefined>();
  const [sending, setSending] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const serials = serialsOf(text);
    const bad = serials.find((s) => !SERIAL_PATTERN.test(s));
    if (serials.length === 0 || serials.length > MAX_VP_SEND_MACHINES || bad) {
      setError({ messageId: 'vpConfigurations.send.invalidSerials', values: { max: MAX_VP_SEND_MACHINES, example: `${c.deviceType}-00000001` } });
      return;
    }
    setError(undefined);
    setSending(true);
    try {
      const result = await sendVpConfiguration(c.merchantId, c.id, serials);
      if (result.sent.length)
        showToast({ kind: 'success', messageId: 'vpConfigurations.sent', values: { count: result.sent.length, version: result.version } });
      if (result.failed.length)
        showToast({ kind: 'error', messageId: 'vpConfigurations.sendFailed', values: { serials: result.failed.map((f) => f.serial).join(', ') } });
      if (!result.failed.length) setText('');
    } catch (e) {
      showToast({ kind: 'error', messageId: vpErrorMessageId(e) });
    } finally {
      setSending(false);
    }
  }

  return (
    <form className="card form" onSubmit={onSubmit} noValidate data-testid="vp-send">
      <h2>
        <FormattedMessage id="vpConfigurations.send.title" />
      </h2>
      <TextField
        name="serials"
        value={text}
        onChange={setText}
        error={error}
        labelId="vpConfigurations.send.serials"
        hint={<FormattedMessage id="vpConfigurations.send.hint" values={{ deviceType: c.deviceType, version: c.version }} />}
      />
      <div className="form__actions">
        <SubmitButton labelId="vpConfigurations.send.submit" busy={sending} testId="vp-send-submit" />
      </div>
    </form>
  );
}
