import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { Spinner } from '../../components/Spinner';
import { useToast } from '../../components/toasts';
import { checkNewPassword, PASSWORD_MIN_LENGTH, PASSWORD_PROBLEM_MESSAGE } from '../../lib/password-rules';
import { changePasswordFailureMessageId, useChangePassword } from './change-password';

/** /settings/password (all roles): current password, new password and its confirmation (spec §5 rules). */
export function PasswordPage() {
  const intl = useIntl();
  const { showToast } = useToast();
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [touched, setTouched] = useState(false);
  const [errorId, setErrorId] = useState<string | null>(null);

  const currentMissing = current === '';
  const problems = checkNewPassword(password, confirmation);
  const busy = change.isMutating;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    setErrorId(null);
    if (currentMissing || problems.length > 0) return;
    try {
      await change.trigger({ oldPassword: current, newPassword: password });
      setCurrent('');
      setPassword('');
      setConfirmation('');
      setTouched(false);
      showToast({ kind: 'success', messageId: 'password.changed' });
    } catch (error) {
      setErrorId(changePasswordFailureMessageId(error));
    }
  }

  const wrongCurrent = errorId === 'password.error.wrongCurrent';

  return (
    <div className="page" data-testid="password-settings">
      <header className="page__header">
        <h1>
          <FormattedMessage id="password.change.title" />
        </h1>
      </header>
      <section className="card settings-card" aria-labelledby="password-change-title">
        <h2 id="password-change-title" className="visually-hidden">
          <FormattedMessage id="password.change.title" />
        </h2>
        <form className="form" onSubmit={onSubmit} noValidate data-testid="password-change-form">
          <p className="form__hint">
            <FormattedMessage id="password.change.hint" values={{ min: PASSWORD_MIN_LENGTH }} />
          </p>
          <label className="field">
            <span className="field__label">
              <FormattedMessage id="password.current.label" />
            </span>
            <input
              name="current-password"
              type="password"
              autoComplete="current-password"
              value={current}
              onChange={(e) => setCurrent(e.target.value)}
              aria-invalid={(touched && currentMissing) || wrongCurrent}
              data-testid="current-password"
            />
            {touched && currentMissing && (
              <span className="field__error" data-testid="current-password-error">
                <FormattedMessage id="validation.required" />
              </span>
            )}
          </label>
          <label className="field">
            <span className="field__label">
              <FormattedMessage id="password.new.label" />
            </span>
            <input
              name="new-password"
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-invalid={touched && problems.some((p) => p !== 'mismatch')}
              data-testid="new-password"
            />
          </label>
          <label className="field">
            <span className="field__label">
              <FormattedMessage id="password.confirm.label" />
            </span>
            <input
              name="confirm-password"
              type="password"
              autoComplete="new-password"
              value={confirmation}
              onChange={(e) => setConfirmation(e.target.value)}
              aria-invalid={touched && problems.includes('mismatch')}
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
            <p className="form__error" role="alert" data-testid="password-change-error">
              <FormattedMessage id={errorId} />
            </p>
          )}
          <div className="form__actions">
            <Link to="/settings/profile" className="button button--secondary">
              <FormattedMessage id="password.change.back" />
            </Link>
            <button type="submit" className="button button--primary" disabled={busy} data-testid="password-change-submit">
              {busy ? <Spinner size="small" label={intl.formatMessage({ id: 'password.change.saving' })} /> : <FormattedMessage id="password.change.submit" />}
            </button>
          </div>
        </form>
      </section>
    </div>
  );
}
