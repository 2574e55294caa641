import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Spinner } from '../../../components/Spinner';
import { ApiError } from '../../../lib/api';
import { useTroubleshooting } from '../api/get-troubleshooting';
import { alarmErrorMessageId } from '../messages';

/** The catalogue's HTML is the super admin's: shown in a sandboxed frame (no scripts, no access to the console). */
function Content({ html, titleId }: { html: string; titleId: string }) {
  const intl = useIntl();
  if (!html) return null;
  return (
    <section className="troubleshooting__level">
      <h3>
        <FormattedMessage id={titleId} />
      </h3>
      <iframe sandbox="" srcDoc={html} title={intl.formatMessage({ id: titleId })} className="troubleshooting__frame" />
    </section>
  );
}

/** An alarm's code, opening the troubleshooting steps of its master alarm (loaded when opened). */
export function TroubleshootingCode({ code }: { code: string }) {
  const [open, setOpen] = useState(false);
  const master = useTroubleshooting(open ? code : null);
  const missing = master.error instanceof ApiError && master.error.status === 404;
  return (
    <details className="troubleshooting" onToggle={(e) => setOpen(e.currentTarget.open)} data-testid="alarm-troubleshooting">
      <summary className="nowrap">{code}</summary>
      {open && !master.data && !master.error && <Spinner size="small" />}
      {missing && (
        <p className="muted">
          <FormattedMessage id="alarms.troubleshooting.none" />
        </p>
      )}
      {master.error && !missing && (
        <p className="form__error">
          <FormattedMessage id={alarmErrorMessageId(master.error)} />
        </p>
      )}
      {master.data && (
        <>
          <Content html={master.data.level1} titleId="alarms.troubleshooting.level1" />
          <Content html={master.data.level2} titleId="alarms.troubleshooting.level2" />
        </>
      )}
    </details>
  );
}
