import { describe, expect, it } from 'vitest';
import { canOpen } from '../../frontend/src/app/route-roles';
import { menuFor } from '../../frontend/src/app/menu';
import { chartWeek, dayLabel, shiftWeek, todayIso, weekPoints } from '../../frontend/src/components/charts/chart-week';
import { canLookUpPostalCode, checkClientRules, draftOfClient, newClientDraft } from '../../frontend/src/features/clients/client-draft';
import { dateRangeFilters, dateRangeOf, groupIdsOf, joinGroupIds, showsHidden } from '../../frontend/src/features/devices/device-filters';
import { devicePath } from '../../frontend/src/features/devices/pos-labels';
import { fileNameOf } from '../../frontend/src/lib/api';
import { relativeTime } from '../../frontend/src/lib/format';
import { ClientInput, type Client } from '#schemas/client';
import { ROLES, type Role } from '#schemas/roles';
import { mayCall } from '#schemas/api-roles';

describe('chart week (spec §9: 7 days labelled DD/MM)', () => {
  it('has the 7 local days ending on the given day, labelled DD/MM, across a month and year end', () => {
    const week = chartWeek('2026-01-03');
    expect(week.days.map((d) => d.date)).toEqual(['2025-12-28', '2025-12-29', '2025-12-30', '2025-12-31', '2026-01-01', '2026-01-02', '2026-01-03']);
    expect(week.days.map((d) => d.label)).toEqual(['28/12', '29/12', '30/12', '31/12', '01/01', '02/01', '03/01']);
    expect(week.from).toBe(new Date(2025, 11, 28).getTime());
    expect(week.to).toBe(new Date(2026, 0, 4).getTime());
    expect(week.days.map((d) => dayLabel(week, d.start))).toEqual(week.days.map((d) => d.label));
  });

  it('moves a week at a time', () => {
    expect(shiftWeek('2026-03-04', -1)).toBe('2026-02-25');
    expect(shiftWeek('2026-02-25', 1)).toBe('2026-03-04');
    expect(todayIso(new Date(2026, 4, 9, 23, 59))).toBe('2026-05-09');
  });

  it('keeps the readings inside the week, in time order, without empty dates or values', () => {
    const week = chartWeek('2026-03-07');
    const at = (day: number, hour: number) => new Date(2026, 2, day, hour).toISOString();
    const points = weekPoints(
      [
        { at: at(5, 12), value: 60 },
        { at: at(1, 0), value: 50 },
        { at: at(0, 23), value: 10 }, // 28 February, the day before the week
        { at: at(8, 0), value: 99 }, // the day after the week
        { at: '0001-01-01T00:00:00Z', value: 5 },
        { at: at(6, 8), value: null },
        { at: 'garbage', value: 7 },
      ],
      week,
    );
    expect(points).toEqual([
      { x: new Date(2026, 2, 1, 0).getTime(), y: 50 },
      { x: new Date(2026, 2, 5, 12).getTime(), y: 60 },
    ]);
  });
});

describe('device list filters (spec §3)', () => {
  it('sends each date range as <prefix>DateFrom / <prefix>DateTo and reads it back', () => {
    const filters = dateRangeFilters('warranty', { startDate: '2026-01-01', endDate: '2026-01-31' });
    expect(filters).toEqual({ warrantyDateFrom: '2026-01-01', warrantyDateTo: '2026-01-31' });
    expect(dateRangeOf(filters, 'warranty')).toEqual({ startDate: '2026-01-01', endDate: '2026-01-31' });
    expect(dateRangeOf({}, 'lastUpdate')).toEqual({ startDate: '', endDate: '' });
    expect(dateRangeFilters('created', { startDate: '', endDate: '' })).toEqual({ createdDateFrom: '', createdDateTo: '' });
  });

  it('joins group ids with commas, once each', () => {
    expect(joinGroupIds(['acme-north', 'acme-south', 'acme-north'])).toBe('acme-north,acme-south');
    expect(groupIdsOf({ groupIds: 'acme-north,acme-south' })).toEqual(['acme-north', 'acme-south']);
    expect(groupIdsOf({})).toEqual([]);
    expect(groupIdsOf({ groupIds: '' })).toEqual([]);
  });

  it('shows hidden machines only when asked', () => {
    expect(showsHidden({ hidden: 'true' })).toBe(true);
    expect(showsHidden({ hidden: '' })).toBe(false);
    expect(showsHidden({})).toBe(false);
  });

  it('addresses a machine by its serial', () => {
    expect(devicePath('CENG-00000001')).toBe('/devices/CENG-00000001');
    expect(devicePath('CENG-00000001', 'notes/create')).toBe('/devices/CENG-00000001/notes/create');
  });
});

describe('who does what on devices and clients (route roles, API roles)', () => {
  it('opens the devices list and a machine to every role; the menu has Devices and Clients for all', () => {
    for (const role of ROLES) {
      expect(canOpen('/devices/list', role)).toBe(true);
      expect(canOpen('/devices/:id/signal', role)).toBe(true);
      expect(canOpen('/manage/clients', role)).toBe(true);
      const ids = menuFor(role, null).map((e) => e.id);
      expect(ids).toContain('devices');
      expect(ids).toContain('manage-clients');
    }
  });

  it('lets merchant users read only; group admins hide, edit and associate clients; administrators also reset, delete and move groups', () => {
    // The machine's screen offers each action to who may call its route (schemas/api-roles.ts).
    const manage = ['pos.update', 'pos.hide', 'pos.unhide', 'pos.associateClient', 'pos.associateNoVendProfile', 'pos.saveCustomConfig'] as const;
    const administer = ['pos.reset', 'pos.delete', 'pos.associateGroup'] as const;
    const rights = (role: Role | null) => ({ manage: manage.every((r) => mayCall(r, role)), administer: administer.every((r) => mayCall(r, role)) });
    const none = (role: Role | null) => [...manage, ...administer].every((r) => !mayCall(r, role));
    expect(none('NEBULARMERCHANTUSER')).toBe(true);
    expect(rights('NEBULARGROUPADMIN')).toEqual({ manage: true, administer: false });
    expect(administer.some((r) => mayCall(r, 'NEBULARGROUPADMIN'))).toBe(false);
    expect(rights('NEBULARMERCHANTADMIN')).toEqual({ manage: true, administer: true });
    expect(rights('NEBULARSUPERADMIN')).toEqual({ manage: true, administer: true });
    expect(none(null)).toBe(true);
    expect(ROLES.filter((role) => mayCall('clients.update', role))).toEqual(['NEBULARSUPERADMIN', 'NEBULARMERCHANTADMIN']);
  });
});

describe('client form', () => {
  const countries = [
    { code: 'IT', postalCodePattern: '^\\d{5}$' },
    { code: 'PT', postalCodePattern: '^\\d{4}-\\d{3}$' },
  ];

  it('refuses a postal code that does not fit the country before sending (spec §5)', () => {
    expect(checkClientRules({ country: 'IT', postalCode: '2012' }, countries)).toEqual({ postalCode: { messageId: 'errors.validation.postalCode' } });
    expect(checkClientRules({ country: 'IT', postalCode: '20121' }, countries)).toEqual({});
    expect(checkClientRules({ country: 'PT', postalCode: '1100-148' }, countries)).toEqual({});
    expect(checkClientRules({ country: 'IT', postalCode: '' }, countries)).toEqual({});
    expect(checkClientRules({ country: 'ZZ', postalCode: 'x' }, countries)).toEqual({});
  });

  it('looks up postal codes of 2 to 12 characters only', () => {
    expect(canLookUpPostalCode('20121')).toBe(true);
    expect(canLookUpPostalCode('SW1A 1AA')).toBe(true);
    expect(canLookUpPostalCode('2')).toBe(false);
    expect(canLookUpPostalCode('2012-')).toBe(false);
  });

  it('sends exactly the fields of ClientInput, for a new client and an existing one', () => {
    expect(ClientInput.safeParse({ ...newClientDraft(), name: 'Bar Sport' }).success).toBe(true);
    const client: Client = {
      ...newClientDraft('ES'),
      id: 'c1',
      merchantId: 'acme-vending',
      name: 'Bar Sport',
      machines: 2,
      createdAt: '2026-01-01T00:00:00Z',
      updatedAt: '2026-01-01T00:00:00Z',
    };
    const draft = draftOfClient(client);
    expect(Object.keys(draft).sort()).toEqual(Object.keys(ClientInput.shape).sort());
    expect(ClientInput.safeParse(draft).success).toBe(true);
  });
});

describe('small helpers', () => {
  it('reads the file name of a download', () => {
    expect(fileNameOf('attachment; filename="pos-acme-vending.csv"')).toBe('pos-acme-vending.csv');
    expect(fileNameOf('attachment; filename*=UTF-8\'\'Colibr%C3%AD.svg; filename="x.svg"')).toBe('Colibrí.svg');
    expect(fileNameOf('inline')).toBeNull();
    expect(fileNameOf(null)).toBeNull();
  });

  it('tells how long ago in the largest whole unit, and nothing for an empty date', () => {
    const now = new Date('2026-05-10T12:00:00Z');
    expect(relativeTime('2026-05-10T11:59:30Z', now)).toEqual({ value: -30, unit: 'second' });
    expect(relativeTime('2026-05-10T11:55:00Z', now)).toEqual({ value: -5, unit: 'minute' });
    expect(relativeTime('2026-05-10T09:00:00Z', now)).toEqual({ value: -3, unit: 'hour' });
    expect(relativeTime('2026-05-07T12:00:00Z', now)).toEqual({ value: -3, unit: 'day' });
    expect(relativeTime('0001-01-01T00:00:00Z', now)).toBeNull();
    expect(relativeTime(null, now)).toBeNull();
  });
});
