import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Spinner } from '../../components/Spinner';
import { signInWithPassword } from '../../lib/auth';
import { failureMessageId } from './failure-messages';
import { useSession } from '../../lib/session';
import { isValidEmail } from '../../lib/password-rules';
import { NewPasswordForm } from './NewPasswordForm';

type Step = 'credentials' | 'newPassword';

export function LoginPage() {
  const intl = useIntl();
  const { completeSignIn } = useSession();
  const [step, setStep] = useState<Step>('credentials');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errorId, setErrorId] = useState<string | null>(null);

  const emailError = email.trim() === '' ? 'validation.required' : !isValidEmail(email) ? 'validation.email' : null;
  const passwordError = password === '' ? 'validation.required' : null;

  async function finish() {
    try {
      await completeSignIn();
    } catch (error) {
      setStep('credentials');
      setErrorId(failureMessageId(error));
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (emailError || passwordError) return;
    setBusy(true);
    setErrorId(null);
    try {
      const outcome = await signInWithPassword(email, password);
      if (outcome.kind === 'newPasswordRequired') setStep('newPassword');
      else await finish();
    } catch (error) {
      setErrorId(failureMessageId(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="auth-page">
      <section className="auth-card" aria-labelledby="login-title">
        <div className="auth-card__brand" aria-hidden="true">
          ▣
        </div>
        <h1 id="login-title" data-testid="login-title">
          <FormattedMessage id={step === 'credentials' ? 'login.title' : 'password.new.title'} />
        </h1>

        {step === 'newPassword' ? (
          <NewPasswordForm onDone={finish} />
        ) : (
          <form className="form" onSubmit={onSubmit} noValidate>
            <p className="form__hint">
              <FormattedMessage id="login.subtitle" />
            </p>
            <label className="field">
              <span className="field__label">
                <FormattedMessage id="login.email" />
              </span>
              <input
                name="email"
                type="email"
                autoComplete="username"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                aria-invalid={touched && emailError !== null}
                data-testid="login-email"
                required
              />
              {touched && emailError && (
                <span className="field__error">
                  <FormattedMessage id={emailError} />
                </span>
              )}
            </label>
            <label className="field">
              <span className="field__label">
                <FormattedMessage id="login.password" />
              </span>
              <input
                name="password"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                aria-invalid={touched && passwordError !== null}
                data-testid="login-password"
                required
              />
              {touched && passwordError && (
                <span className="field__error">
                  <FormattedMessage id={passwordError} />
                </span>
              )}
            </label>
            {errorId && (
              <p className="form__error" role="alert" data-testid="login-error">
                <FormattedMessage id={errorId} />
              </p>
            )}
            <button type="submit" className="button button--primary button--block" disabled={busy} data-testid="login-submit">
              {busy ? <Spinner size="small" label={intl.formatMessage({ id: 'login.signingIn' })} /> : <FormattedMessage id="login.submit" />}
            </button>
          </form>
        )}
      </section>
    </main>
  );
}
