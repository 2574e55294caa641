import { useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { FormError } from '../../components/form/FormError';
import { NewPasswordFields, useNewPassword } from '../../components/form/NewPasswordFields';
import { SubmitButton } from '../../components/form/SubmitButton';
import { confirmNewPassword } from '../../lib/auth';
import { PASSWORD_MIN_LENGTH } from '../../lib/password-rules';
import { failureMessageId } from './failure-messages';

/** The NEW_PASSWORD_REQUIRED step of a first sign-in (an invited user sets their own password). */
export function NewPasswordForm({ onDone }: { onDone: () => Promise<void> }) {
  const newPassword = useNewPassword();
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errorId, setErrorId] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (newPassword.problems.length > 0) return;
    setBusy(true);
    setErrorId(null);
    try {
      const outcome = await confirmNewPassword(newPassword.password);
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
      <NewPasswordFields state={newPassword} touched={touched} />
      <FormError messageId={errorId} />
      <SubmitButton labelId="password.new.submit" busy={busy} block testId="new-password-submit" />
    </form>
  );
}
