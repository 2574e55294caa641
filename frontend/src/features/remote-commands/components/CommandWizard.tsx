import { Fragment, useMemo, useState, type Ref } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { COMMAND_TYPE_NUMBERS, PERIPHERALS, RemoteCommandSend, type RemoteCommand, type RemoteCommandType } from '#schemas/remote-command';
import { SelectField, TextField } from '../../../components/form/fields';
import { Spinner } from '../../../components/Spinner';
import { useToast } from '../../../components/toasts';
import { COMMAND_TYPE_FEATURES } from '../../../app/route-features';
import { formatDateTime } from '../../../lib/format';
import { hasFeature } from '../../../lib/merchant-features';
import { parseMoneyInput } from '../../../lib/money-input';
import { useMyMerchants } from '../../../lib/resources/get-my-merchants';
import { useMachines } from '../api/get-machines';
import { sendCommand } from '../api/send-command';
import { PARAM_FIELDS, paramsOf, PERIPHERAL_MESSAGES, TYPE_MESSAGES, type ParamField } from '../command-labels';
import { commandErrorMessageId } from '../messages';

const STEPS = ['device', 'command', 'when', 'summary'] as const;
type Step = (typeof STEPS)[number];
const STEP_MESSAGES: Record<Step, string> = {
  device: 'remoteCommands.wizard.device',
  command: 'remoteCommands.wizard.command',
  when: 'remoteCommands.wizard.when',
  summary: 'remoteCommands.wizard.summary',
};

/** `datetime-local` value (local time) → ISO instant. */
const instantOf = (local: string) => (local ? new Date(local).toISOString() : null);

/**
 * The remote command wizard (spec §2): device, command (with what the type carries), when (now or a
 * scheduled time), summary; Send posts it with an Idempotency-Key made once per summary shown.
 */
export function CommandWizard({
  merchantId,
  currency,
  initialSerial,
  onDone,
  ref,
}: {
  merchantId: string;
  /** The merchant's: amounts are typed in it. */
  currency: string;
  initialSerial?: string;
  onDone: (sent: RemoteCommand | null) => void;
  /** The wizard itself (focusable, named "new command"), for the page to move focus to when it opens. */
  ref?: Ref<HTMLElement>;
}) {
  const intl = useIntl();
  const { showToast } = useToast();
  const machines = useMachines(merchantId);
  const merchants = useMyMerchants();
  const [step, setStep] = useState<Step>('device');
  const [serial, setSerial] = useState(initialSerial ?? '');
  const [type, setType] = useState<RemoteCommandType>(1);
  const [draft, setDraft] = useState<Record<string, string>>({});
  const [later, setLater] = useState(false);
  const [when, setWhen] = useState('');
  const [sending, setSending] = useState(false);
  // A new key each time the summary opens: a retry of this summary's Send answers the same command.
  const idempotencyKey = useMemo(() => (step === 'summary' ? crypto.randomUUID() : ''), [step]);

  const request = { serial, type, params: paramsOf(type, { peripheral: PERIPHERALS[0], ...draft }, currency), scheduledAt: later ? instantOf(when) : null };
  const valid: Record<Step, boolean> = {
    device: serial !== '',
    command: RemoteCommandSend.safeParse({ ...request, scheduledAt: null }).success,
    when: !later || (when !== '' && Date.parse(instantOf(when)!) > Date.now()),
    summary: true,
  };
  const index = STEPS.indexOf(step);
  const machine = machines.data?.find((m) => m.serial === serial);
  // The types of a feature (the configuration sends) are offered for a machine whose merchant has it.
  const machineMerchant = merchants.data?.find((m) => m.id === merchantId);
  const types = COMMAND_TYPE_NUMBERS.filter((t) => {
    const feature = COMMAND_TYPE_FEATURES[t];
    return !feature || hasFeature(machineMerchant, feature);
  });

  async function send() {
    setSending(true);
    try {
      const sent = await sendCommand(request, idempotencyKey);
      showToast({ kind: 'success', messageId: later ? 'remoteCommands.scheduled' : 'remoteCommands.sent' });
      onDone(sent);
    } catch (error) {
      showToast({ kind: 'error', messageId: commandErrorMessageId(error) });
    } finally {
      setSending(false);
    }
  }

  const field = (f: ParamField) => {
    const common = {
      labelId: f.labelId,
      name: f.name,
      testId: `wizard-param-${f.name}`,
      value: draft[f.name] ?? '',
      onChange: (v: string) => setDraft((d) => ({ ...d, [f.name]: v })),
    };
    if (f.kind === 'peripheral')
      return (
        <SelectField
          key={f.name}
          {...common}
          value={common.value || PERIPHERALS[0]}
          options={PERIPHERALS.map((p) => ({ value: p, label: intl.formatMessage({ id: PERIPHERAL_MESSAGES[p] }) }))}
        />
      );
    if (f.kind === 'lines') return <TextField key={f.name} {...common} multiline hint={<FormattedMessage id={f.hintId} />} />;
    if (f.kind === 'money') {
      const parsed = common.value === '' ? null : parseMoneyInput(common.value, currency, { locale: intl.locale });
      return (
        <TextField
          key={f.name}
          {...common}
          hint={<FormattedMessage id="remoteCommands.param.amountHint" values={{ currency }} />}
          error={parsed && !parsed.ok ? parsed.error : undefined}
        />
      );
    }
    return <TextField key={f.name} {...common} />;
  };

  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-label={intl.formatMessage({ id: 'remoteCommands.new' })}
      className="card command-wizard"
      data-testid="command-wizard"
      data-step={step}
    >
      <ol className="command-wizard__steps">
        {/* A space after each step keeps them apart in copied text. */}
        {STEPS.map((s, i) => (
          <Fragment key={s}>
            <li className={s === step ? 'is-current' : i < index ? 'is-done' : ''} aria-current={s === step ? 'step' : undefined}>
              <FormattedMessage id={STEP_MESSAGES[s]} />
            </li>{' '}
          </Fragment>
        ))}
      </ol>

      {step === 'device' &&
        (machines.isLoading ? (
          <Spinner size="small" />
        ) : (
          <SelectField
            labelId="remoteCommands.field.device"
            name="device"
            testId="wizard-device"
            value={serial}
            onChange={setSerial}
            placeholder={intl.formatMessage({ id: 'remoteCommands.wizard.chooseDevice' })}
            options={(machines.data ?? []).map((m) => ({ value: m.serial, label: `${m.serial} · ${m.name}` }))}
          />
        ))}

      {step === 'command' && (
        <>
          <SelectField
            labelId="remoteCommands.field.type"
            name="type"
            testId="wizard-type"
            value={String(type)}
            onChange={(v) => setType(Number(v) as RemoteCommandType)}
            options={types.map((t) => ({ value: String(t), label: intl.formatMessage({ id: TYPE_MESSAGES[t] }) }))}
          />
          {(PARAM_FIELDS[type] ?? []).map(field)}
        </>
      )}

      {step === 'when' && (
        <fieldset className="command-wizard__when">
          <label>
            <input type="radio" name="when" checked={!later} onChange={() => setLater(false)} data-testid="wizard-now" />{' '}
            <FormattedMessage id="remoteCommands.wizard.now" />
          </label>
          <label>
            <input type="radio" name="when" checked={later} onChange={() => setLater(true)} data-testid="wizard-later" />{' '}
            <FormattedMessage id="remoteCommands.wizard.later" />
          </label>
          {later && (
            <input
              type="datetime-local"
              value={when}
              onChange={(e) => setWhen(e.target.value)}
              data-testid="wizard-when"
              aria-label={intl.formatMessage({ id: 'remoteCommands.field.scheduledAt' })}
            />
          )}
        </fieldset>
      )}

      {step === 'summary' && (
        <dl className="command-wizard__summary" data-testid="wizard-summary">
          <dt>
            <FormattedMessage id="remoteCommands.field.device" />
          </dt>
          <dd>
            {serial}
            {machine ? ` · ${machine.name}` : ''}
          </dd>
          <dt>
            <FormattedMessage id="remoteCommands.field.type" />
          </dt>
          <dd>{intl.formatMessage({ id: TYPE_MESSAGES[type] })}</dd>
          {Object.keys(request.params).length > 0 && (
            <>
              <dt>
                <FormattedMessage id="remoteCommands.wizard.params" />
              </dt>
              <dd>
                <code>{JSON.stringify(request.params).slice(0, 300)}</code>
              </dd>
            </>
          )}
          <dt>
            <FormattedMessage id="remoteCommands.wizard.when" />
          </dt>
          <dd>{request.scheduledAt ? formatDateTime(request.scheduledAt, intl.locale) : intl.formatMessage({ id: 'remoteCommands.wizard.now' })}</dd>
        </dl>
      )}

      <div className="command-wizard__nav">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => (index === 0 ? onDone(null) : setStep(STEPS[index - 1]!))}
          data-testid="wizard-back"
        >
          <FormattedMessage id={index === 0 ? 'remoteCommands.wizard.close' : 'remoteCommands.wizard.back'} />
        </button>
        {step === 'summary' ? (
          <button type="button" className="button button--primary" onClick={send} disabled={sending} data-testid="wizard-send">
            {sending ? <Spinner size="small" /> : <FormattedMessage id="remoteCommands.wizard.send" />}
          </button>
        ) : (
          <button type="button" className="button button--primary" onClick={() => setStep(STEPS[index + 1]!)} disabled={!valid[step]} data-testid="wizard-next">
            <FormattedMessage id="remoteCommands.wizard.next" />
          </button>
        )}
      </div>
    </section>
  );
}
