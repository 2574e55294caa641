import { describe, expect, it } from 'vitest';
import { parseRoleClaim } from '../../schemas/role-claim';

describe('parseRoleClaim (spec §4)', () => {
  it('a single value belongs to the default tenant only', () => {
    expect(parseRoleClaim('NEBULARSUPERADMIN', 'nebular', 'nebular')).toBe('NEBULARSUPERADMIN');
    expect(parseRoleClaim('nebularmerchantuser', 'nebular', 'nebular')).toBe('NEBULARMERCHANTUSER');
    expect(parseRoleClaim('NEBULARSUPERADMIN', 'acme', 'nebular')).toBeUndefined();
  });

  it('tenant=ROLE pairs: the deployment’s tenant picks its role, upper-cased', () => {
    const claim = 'acme=NebularGroupAdmin;nebular=nebularmerchantadmin';
    expect(parseRoleClaim(claim, 'nebular', 'nebular')).toBe('NEBULARMERCHANTADMIN');
    expect(parseRoleClaim(claim, 'ACME', 'nebular')).toBe('NEBULARGROUPADMIN');
    expect(parseRoleClaim(claim, 'other', 'nebular')).toBeUndefined();
    expect(parseRoleClaim(' nebular = NEBULARMERCHANTUSER ;', 'nebular', 'nebular')).toBe('NEBULARMERCHANTUSER');
  });

  it('only the four console roles pass', () => {
    for (const claim of ['CUSTOMER', 'nebular=CUSTOMER', 'ROOT', '', '   ', 'nebular=', '=NEBULARSUPERADMIN']) {
      expect(parseRoleClaim(claim, 'nebular', 'nebular'), claim).toBeUndefined();
    }
    expect(parseRoleClaim(undefined, 'nebular', 'nebular')).toBeUndefined();
    expect(parseRoleClaim(['NEBULARSUPERADMIN'], 'nebular', 'nebular')).toBeUndefined();
  });
});
