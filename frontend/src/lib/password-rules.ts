/** Spec §5/§9: at least 8 characters with an uppercase letter, a digit and a special character. */
export const PASSWORD_MIN_LENGTH = 8;

export type PasswordProblem = 'required' | 'tooShort' | 'uppercase' | 'digit' | 'special' | 'mismatch';

/** The message id telling the user about each problem (`{min}` is PASSWORD_MIN_LENGTH). */
export const PASSWORD_PROBLEM_MESSAGE: Record<PasswordProblem, string> = {
  required: 'validation.required',
  tooShort: 'password.rule.length',
  uppercase: 'password.rule.uppercase',
  digit: 'password.rule.digit',
  special: 'password.rule.special',
  mismatch: 'password.rule.match',
};

/** Every rule the new password breaks, in the order the form lists them; empty when it is acceptable. */
export function checkNewPassword(password: string, confirmation: string): PasswordProblem[] {
  if (password === '') return ['required'];
  const problems: PasswordProblem[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) problems.push('tooShort');
  if (!/\p{Lu}/u.test(password)) problems.push('uppercase');
  if (!/\p{Nd}/u.test(password)) problems.push('digit');
  if (!/[^\p{L}\p{Nd}\s]/u.test(password)) problems.push('special');
  if (password !== confirmation) problems.push('mismatch');
  return problems;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}
