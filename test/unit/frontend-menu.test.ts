import { describe, expect, it } from 'vitest';
import { groupOfPath, MENU, MENU_GROUPS, menuFor } from '../../frontend/src/app/menu';
import { storedOpenGroups, withGroupOpen, withGroupToggled } from '../../frontend/src/app/layout/use-open-groups';

describe('the side menu', () => {
  it("groups the entries by the spec's areas, in the spec's order, the dashboard above them", () => {
    expect(MENU_GROUPS.map((g) => g.id)).toEqual(['devices', 'transactions', 'customers-medias', 'manage', 'admin', 'service-manager', 'settings']);
    expect(MENU.filter((e) => !e.group).map((e) => e.id)).toEqual(['dashboard', 'merchants-dashboard', 'admin-dashboard']);
    const group = (id: string) => MENU.find((e) => e.id === id)?.group;
    expect(group('alarms')).toBe('devices');
    expect(group('devices-prices-bulk')).toBe('devices');
    expect(group('transactions-webpayment-orders')).toBe('transactions');
    expect(group('customers-medias-customers')).toBe('customers-medias');
    expect(group('manage-no-vend-profiles')).toBe('manage');
    expect(group('admin-troubleshooting')).toBe('admin');
    expect(group('settings-password')).toBe('settings');
    // An area's entries all lie under the same first path segment as its group's other entries.
    for (const entry of MENU.filter((e) => e.group)) expect(groupOfPath(entry.route), entry.id).toBe(entry.group);
  });

  it("knows the current screen's group from its address, also a screen below an entry", () => {
    expect(groupOfPath('/devices/CENG-00000001/prices')).toBe('devices');
    expect(groupOfPath('/alarms')).toBe('devices');
    expect(groupOfPath('/manage/clients/c-1')).toBe('manage');
    expect(groupOfPath('/customers-medias/medias/0A1B2C3D/refunds')).toBe('customers-medias');
    expect(groupOfPath('/admin/users/create')).toBe('admin');
    expect(groupOfPath('/settings/password')).toBe('settings');
    expect(groupOfPath('/dashboard')).toBeNull();
  });

  it('opens the arrival group, toggles a group, and reads back only groups that exist', () => {
    expect(withGroupOpen([], 'manage')).toEqual(['manage']);
    expect(withGroupOpen(['manage'], 'manage')).toEqual(['manage']);
    expect(withGroupOpen(['admin'], null)).toEqual(['admin']);
    expect(withGroupToggled(['admin', 'manage'], 'admin')).toEqual(['manage']);
    expect(withGroupToggled(['manage'], 'settings')).toEqual(['manage', 'settings']);
    expect(storedOpenGroups(['settings', 'gone', 'devices'])).toEqual(['devices', 'settings']);
    expect(storedOpenGroups('devices')).toEqual([]);
    expect(storedOpenGroups(null)).toEqual([]);
  });

  it('keeps feature-gated entries in their group for merchants with the feature', () => {
    const acme = { id: 'acme-vending', features: ['CUSTOMERS_MEDIA'] };
    const shown = menuFor('NEBULARMERCHANTADMIN', acme);
    expect(shown.filter((e) => e.group === 'customers-medias').map((e) => e.id)).toEqual(['customers-medias-medias', 'customers-medias-customers']);
    expect(menuFor('NEBULARMERCHANTADMIN', { id: 'acme-vending', features: [] }).some((e) => e.group === 'customers-medias')).toBe(false);
  });
});
