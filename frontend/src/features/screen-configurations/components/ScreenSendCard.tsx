import { useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { SERIAL_PATTERN } from '#schemas/pos-entity';
import { MAX_SCREEN_SEND_MACHINES, type ScreenConfiguration } from '#schemas/screen-configuration';
import { TextField } from '../../../components/form/fields';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { useToast } from '../../../components/toasts';
import type { FieldError } from '../../../lib/form-errors';
import { sendScreenConfiguration } from '../api/send-screen-configuration';
import { screenErrorMessageId } from '../messages';

const serialsOf = (text: string) => [...new Set(text.split(/[\s,;]+/).filter(Boolean))];

/** Sends the screen configuration to machines of the merchant (remote command 7). */
export function ScreenSendCard({ configuration: c }: { configuration: ScreenConfiguration }) {
  const { showToast } = useToast();
  const [text, setText] = useState('');
  const [error, setError] = useState<FieldError | undefined>();
  const [sending, setSending] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const serials = serialsOf(text);
    if (serials.length === 0 || serials.length > MAX_SCREEN_SEND_MACHINES || serials.some((s) => !SERIAL_PATTERN.test(s))) {
      setError({ messageId: 'screenConfigurations.send.invalidSerials', values: { max: MAX_SCREEN_SEND_MACHINES } });
      return;
    }
    setError(undefined);
    setSending(true);
    try {
      const result = await sendScreenConfiguration(c.merchantId, c.id, serials);
      if (result.sent.length) showToast({ kind: 'success', messageId: 'screenConfigurations.sent', values: { count: result.sent.length } });
      if (result.failed.length)
        showToast({ kind: 'error', messageId: 'screenConfigurations.sendFailed', values: { serials: result.failed.map((f) => f.serial).join(', ') } });
      if (!result.failed.length) setText('');
    } catch (e) {
      showToast({ kind: 'error', messageId: screenErrorMessageId(e) });
    } finally {
      setSending(false);
    }
  }

  return (
    <form className="card form" onSubmit={onSubmit} noValidate data-testid="screen-send">
      <h2>
        <FormattedMessage id="screenConfigurations.send.title" />
      </h2>
      <TextField name="serials" value={text} onChange={setText} error={error} labelId="screenConfigurations.send.serials" />
      <div className="form__actions">
        <SubmitButton labelId="screenConfigurations.send.submit" busy={sending} testId="screen-send-submit" />
      </div>
    </form>
  );
}
