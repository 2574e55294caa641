import { describe, expect, it } from 'vitest';
import { menuFor } from '../../frontend/src/app/menu';
import { canOpen } from '../../frontend/src/app/route-roles';
import { parseMediaSerials } from '../../frontend/src/features/customers-medias/batch-serials';
import { customerName } from '../../frontend/src/features/customers-medias/customer-labels';
import { canActOnMedias, canReadCustomers, mediaPath, mediaSerialText, mediaStatusLabel } from '../../frontend/src/features/customers-medias/media-labels';
import { readRefund } from '../../frontend/src/features/customers-medias/refund-amount';
import { ROLES } from '#schemas/roles';

describe('refund amounts', () => {
  it('reads the amount in the currency’s decimals as minor units, above zero and within the limit', () => {
    expect(readRefund('1,50', 'EUR', 2000, 'it')).toEqual({ ok: true, refund: 150 });
    expect(readRefund('20', 'EUR', 2000, 'en')).toEqual({ ok: true, refund: 2000 });
    expect(readRefund('1.500', 'COP', null, 'es')).toEqual({ ok: true, refund: 1500 });
    expect(readRefund('0', 'EUR', 2000, 'en')).toEqual({ ok: false, error: { messageId: 'medias.refund.error.positive' } });
    expect(readRefund('-1', 'EUR', null, 'en')).toEqual({ ok: false, error: { messageId: 'money.error.negative' } });
    expect(readRefund('1.505', 'EUR', null, 'en')).toEqual({ ok: false, error: { messageId: 'money.error.decimals', values: { decimals: 2 } } });
    expect(readRefund('', 'EUR', null, 'en')).toEqual({ ok: false, error: { messageId: 'money.error.required' } });
    const above = readRefund('20.01', 'EUR', 2000, 'en');
    expect(above.ok === false && above.error.messageId).toBe('money.error.max');
  });
});

describe('batch refund serials', () => {
  it('reads pasted serials one a line or separated by commas, semicolons or spaces, upper-cased, and tells the malformed apart', () => {
    expect(parseMediaSerials('00012345\n0a1b2c3d, 0A1B2C3D;\t FFFFFFFF  xyz 123\n\n')).toEqual({
      serials: ['00012345', '0A1B2C3D', '0A1B2C3D', 'FFFFFFFF'],
      malformed: ['XYZ', '123'],
    });
    expect(parseMediaSerials('   ')).toEqual({ serials: [], malformed: [] });
  });
});

describe('media and customer labels and rights', () => {
  it('shows the all-F serial as not set, the statuses with their tone, customers by name, e-mail or user id', () => {
    const text = (id: string) => `<${id}>`;
    expect(mediaSerialText('FFFFFFFF', text)).toBe('<medias.serial.unset>');
    expect(mediaSerialText('00012345', text)).toBe('00012345');
    expect([0, 1, 2].map((s) => mediaStatusLabel(s).tone)).toEqual(['ok', 'bad', 'warn']);
    expect(customerName({ name: null, email: 'a@b.c', userId: 'u-1' })).toBe('a@b.c');
    expect(customerName({ name: null, email: null, userId: 'u-1' })).toBe('u-1');
    expect(mediaPath('04A1B2C3', 'refunds')).toBe('/customers-medias/medias/04A1B2C3/refunds');
  });

  it('lets every role read medias, and all but merchant users act on them and read customers', () => {
    for (const role of ROLES) {
      expect(canOpen('/customers-medias/medias/:mediaId', role)).toBe(true);
      const notMerchantUser = role !== 'NEBULARMERCHANTUSER';
      expect(canActOnMedias(role)).toBe(notMerchantUser);
      expect(canReadCustomers(role)).toBe(notMerchantUser);
      expect(canOpen('/customers-medias/customers/:id', role)).toBe(notMerchantUser);
    }
  });

  it('offers the media and customer menus to merchants with CUSTOMERS_MEDIA only, customers not to merchant users', () => {
    const ids = (role: (typeof ROLES)[number], features: string[]) => menuFor(role, { id: 'bravo-distribucion', features }).map((e) => e.id);
    expect(ids('NEBULARMERCHANTADMIN', ['CUSTOMERS_MEDIA'])).toEqual(expect.arrayContaining(['customers-medias-medias', 'customers-medias-customers']));
    expect(ids('NEBULARMERCHANTUSER', ['CUSTOMERS_MEDIA'])).toContain('customers-medias-medias');
    expect(ids('NEBULARMERCHANTUSER', ['CUSTOMERS_MEDIA'])).not.toContain('customers-medias-customers');
    expect(ids('NEBULARMERCHANTADMIN', [])).not.toContain('customers-medias-medias');
    expect(ids('NEBULARMERCHANTADMIN', [])).not.toContain('customers-medias-customers');
  });
});
