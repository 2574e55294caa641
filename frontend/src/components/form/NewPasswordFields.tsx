import { useId, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { checkNewPassword, PASSWORD_MIN_LENGTH, PASSWORD_PROBLEM_MESSAGE } from '../../lib/password-rules';
import { TextField } from './fields';

/** What NewPasswordFields edit: the new password, its confirmation and the rules they break. */
export function useNewPassword() {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  return {
    password,
    confirmation,
    setPassword,
    setConfirmation,
    problems: checkNewPassword(password, confirmation),
    clear() {
      setPassword('');
      setConfirmation('');
    },
  };
}

/**
 * A new password and its confirmation; once `touched`, the rules they break are listed under them, in a polite
 * live region that describes the fields it makes invalid.
 */
export function NewPasswordFields({ state, touched }: { state: ReturnType<typeof useNewPassword>; touched: boolean }) {
  const { password, confirmation, setPassword, setConfirmation, problems } = state;
  const problemsId = useId();
  return (
    <>
      <TextField
        name="new-password"
        labelId="password.new.label"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={setPassword}
        invalid={touched && problems.some((p) => p !== 'mismatch')}
        describedBy={problemsId}
        testId="new-password"
      />
      <TextField
        name="confirm-password"
        labelId="password.confirm.label"
        type="password"
        autoComplete="new-password"
        value={confirmation}
        onChange={setConfirmation}
        invalid={touched && problems.includes('mismatch')}
        describedBy={problemsId}
        testId="new-password-confirm"
      />
      <div className="form__live" aria-live="polite" id={problemsId}>
        {touched && problems.length > 0 && (
          <ul className="form__problems" data-testid="password-problems">
            {problems.map((problem) => (
              <li key={problem}>
                <FormattedMessage id={PASSWORD_PROBLEM_MESSAGE[problem]} values={{ min: PASSWORD_MIN_LENGTH }} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
