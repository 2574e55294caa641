import { describe, expect, it } from 'vitest';
import { parseRoleClaim, withTenantRole } from '#schemas/role-claim';

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

describe('withTenantRole', () => {
  it('keeps a single value single for the default tenant', () => {
    expect(withTenantRole(undefined, 'nebular', 'nebular', 'NEBULARMERCHANTUSER')).toBe('NEBULARMERCHANTUSER');
    expect(withTenantRole('NEBULARMERCHANTUSER', 'nebular', 'nebular', 'NEBULARMERCHANTADMIN')).toBe('NEBULARMERCHANTADMIN');
  });

  it('replaces only this tenant’s pair and keeps the others', () => {
    const next = withTenantRole('acme=NEBULARGROUPADMIN;nebular=NEBULARMERCHANTUSER', 'nebular', 'nebular', 'NEBULARMERCHANTADMIN');
    expect(next).toBe('acme=NEBULARGROUPADMIN;nebular=NEBULARMERCHANTADMIN');
    expect(parseRoleClaim(next, 'acme', 'nebular')).toBe('NEBULARGROUPADMIN');
    expect(withTenantRole('acme=NEBULARGROUPADMIN', 'nebular', 'nebular', 'NEBULARMERCHANTUSER')).toBe('acme=NEBULARGROUPADMIN;nebular=NEBULARMERCHANTUSER');
  });

  it('turns a default-tenant single value into pairs when another tenant gets a role', () => {
    const next = withTenantRole('NEBULARSUPERADMIN', 'acme', 'nebular', 'NEBULARMERCHANTUSER');
    expect(next).toBe('nebular=NEBULARSUPERADMIN;acme=NEBULARMERCHANTUSER');
    expect(parseRoleClaim(next, 'nebular', 'nebular')).toBe('NEBULARSUPERADMIN');
    expect(parseRoleClaim(next, 'acme', 'nebular')).toBe('NEBULARMERCHANTUSER');
    expect(withTenantRole(undefined, 'acme', 'nebular', 'NEBULARGROUPADMIN')).toBe('acme=NEBULARGROUPADMIN');
  });
});
