import { useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { Spinner } from '../../components/Spinner';
import { confirmNewPassword } from '../../lib/auth';
import { checkNewPassword, PASSWORD_MIN_LENGTH, PASSWORD_PROBLEM_MESSAGE } from '../../lib/password-rules';
import { failureMessageId } from './failure-messages';

/** The NEW_PASSWORD_REQUIRED step of a first sign-in (an invited user sets their own password). */
export function NewPasswordForm({ onDone }: { onDone: () => Promise<void> }) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errorId, setErrorId] = useState<string | null>(null);
  const problems = checkNewPassword(password, confirmation);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (problems.length > 0) return;
    setBusy(true);
    setErrorId(null);
    try {
      const outcome = await confirmNewPassword(password);
      if (outcome.kind === 'signedIn') await onDone();
      else setErrorId('errors.generic');
    } catch (error) {
      setErrorId(failureMessageId(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form" onSubmit={onSubmit} noValidate data-testid="new-password-form">
      <p className="form__hint">
        <FormattedMessage id="password.new.hint" values={{ min: PASSWORD_MIN_LENGTH }} />
      </p>
      <label className="field">
        <span className="field__label">
          <FormattedMessage id="password.new.label" />
        </span>
        <input
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          data-testid="new-password"
        />
      </label>
      <label className="field">
        <span className="field__label">
          <FormattedMessage id="password.confirm.label" />
        </span>
        <input
          type="password"
          autoComplete="new-password"
          value={confirmation}
          onChange={(e) => setConfirmation(e.target.value)}
          data-testid="new-password-confirm"
        />
      </label>
      {touched && problems.length > 0 && (
        <ul className="form__problems" data-testid="password-problems">
          {problems.map((problem) => (
            <li key={problem}>
              <FormattedMessage id={PASSWORD_PROBLEM_MESSAGE[problem]} values={{ min: PASSWORD_MIN_LENGTH }} />
            </li>
          ))}
        </ul>
      )}
      {errorId && (
        <p className="form__error" role="alert">
          <FormattedMessage id={errorId} />
        </p>
      )}
      <button type="submit" className="button button--primary button--block" disabled={busy} data-testid="new-password-submit">
        {busy ? <Spinner size="small" /> : <FormattedMessage id="password.new.submit" />}
      </button>
    </form>
  );
}
