import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { FormError } from '../../components/form/FormError';
import { NewPasswordFields, useNewPassword } from '../../components/form/NewPasswordFields';
import { SubmitButton } from '../../components/form/SubmitButton';
import { TextField } from '../../components/form/fields';
import { Page } from '../../components/Page';
import { useToast } from '../../components/toasts';
import { PASSWORD_MIN_LENGTH } from '../../lib/password-rules';
import { changePasswordFailureMessageId, useChangePassword } from './change-password';

/** /settings/password (all roles): current password, new password and its confirmation (spec §5 rules). */
export function PasswordPage() {
  const { showToast } = useToast();
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const newPassword = useNewPassword();
  const [touched, setTouched] = useState(false);
  const [errorId, setErrorId] = useState<string | null>(null);
  const formErrorId = useId();

  const currentMissing = current === '';
  const busy = change.isMutating;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    setErrorId(null);
    if (currentMissing || newPassword.problems.length > 0) return;
    try {
      await change.trigger({ oldPassword: current, newPassword: newPassword.password });
      setCurrent('');
      newPassword.clear();
      setTouched(false);
      showToast({ kind: 'success', messageId: 'password.changed' });
    } catch (error) {
      setErrorId(changePasswordFailureMessageId(error));
    }
  }

  const wrongCurrent = errorId === 'password.error.wrongCurrent';

  return (
    <Page title={<FormattedMessage id="password.change.title" />} testId="password-settings">
      <section className="card settings-card" aria-labelledby="password-change-title">
        <h2 id="password-change-title" className="visually-hidden">
          <FormattedMessage id="password.change.title" />
        </h2>
        <form className="form" onSubmit={onSubmit} noValidate data-testid="password-change-form">
          <p className="form__hint">
            <FormattedMessage id="password.change.hint" values={{ min: PASSWORD_MIN_LENGTH }} />
          </p>
          <TextField
            name="current-password"
            labelId="password.current.label"
            type="password"
            autoComplete="current-password"
            value={current}
            onChange={setCurrent}
            error={touched && currentMissing ? { messageId: 'validation.required' } : undefined}
            invalid={wrongCurrent}
            describedBy={formErrorId}
            testId="current-password"
          />
          <NewPasswordFields state={newPassword} touched={touched} />
          <FormError messageId={errorId} testId="password-change-error" id={formErrorId} />
          <div className="form__actions">
            <Link to="/settings/profile" className="button button--secondary">
              <FormattedMessage id="password.change.back" />
            </Link>
            <SubmitButton labelId="password.change.submit" busy={busy} busyLabelId="password.change.saving" testId="password-change-submit" />
          </div>
        </form>
      </section>
    </Page>
  );
}
