import { describe, expect, it } from 'vitest';
import { checkNewPassword, isValidEmail } from '../../frontend/src/lib/password-rules';

describe('new password rules', () => {
  it('accepts 8+ characters with an uppercase letter, a digit and a special character, repeated equally', () => {
    expect(checkNewPassword('Secret1!', 'Secret1!')).toEqual([]);
    expect(checkNewPassword('Äbcdefg9#', 'Äbcdefg9#')).toEqual([]);
  });

  it('reports every broken rule', () => {
    expect(checkNewPassword('', '')).toEqual(['required']);
    expect(checkNewPassword('abc', 'abc')).toEqual(['tooShort', 'uppercase', 'digit', 'special']);
    expect(checkNewPassword('Secret12', 'Secret12')).toEqual(['special']);
    expect(checkNewPassword('secret1!', 'secret1!')).toEqual(['uppercase']);
    expect(checkNewPassword('Secretxx!', 'Secretxx!')).toEqual(['digit']);
    expect(checkNewPassword('Secret1!', 'Secret1?')).toEqual(['mismatch']);
  });

  it('does not count a space as the special character', () => {
    expect(checkNewPassword('Secret 12', 'Secret 12')).toEqual(['special']);
  });
});

describe('email', () => {
  it('requires a plausible address', () => {
    expect(isValidEmail('admin@example.com')).toBe(true);
    expect(isValidEmail(' admin@example.com ')).toBe(true);
    expect(isValidEmail('admin@example')).toBe(false);
    expect(isValidEmail('admin example.com')).toBe(false);
  });
});
