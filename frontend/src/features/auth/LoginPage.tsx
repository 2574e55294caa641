import { useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { TextField } from '../../components/form/fields';
import { useDocumentTitleMessage } from '../../components/document-title';
import { FormError } from '../../components/form/FormError';
import { SubmitButton } from '../../components/form/SubmitButton';
import { signInWithPassword } from '../../lib/auth';
import { failureMessageId } from './failure-messages';
import { useSession } from '../../lib/session';
import { isValidEmail } from '../../lib/password-rules';
import { NewPasswordForm } from './NewPasswordForm';

type Step = 'credentials' | 'newPassword';

export function LoginPage() {
  const { completeSignIn } = useSession();
  const [step, setStep] = useState<Step>('credentials');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errorId, setErrorId] = useState<string | null>(null);
  useDocumentTitleMessage(step === 'credentials' ? 'login.title' : 'password.new.title');

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
            <TextField
              name="email"
              labelId="login.email"
              type="email"
              autoComplete="username"
              value={email}
              onChange={setEmail}
              error={touched && emailError ? { messageId: emailError } : undefined}
              testId="login-email"
              required
            />
            <TextField
              name="password"
              labelId="login.password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={setPassword}
              error={touched && passwordError ? { messageId: passwordError } : undefined}
              testId="login-password"
              required
            />
            <FormError messageId={errorId} testId="login-error" />
            <SubmitButton labelId="login.submit" busy={busy} busyLabelId="login.signingIn" block testId="login-submit" />
          </form>
        )}
      </section>
    </main>
  );
}
