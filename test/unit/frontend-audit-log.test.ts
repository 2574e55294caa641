import { describe, expect, it } from 'vitest';
import { AUDIT_TRAIL_SECRET_VALUE, type AuditTrailChange } from '#schemas/audit';
import { canOpen } from '../../frontend/src/app/route-roles';
import { menuFor } from '../../frontend/src/app/menu';
import { linkedFilters, recentRange } from '../../frontend/src/features/audit-log/audit-filters';
import { changeSides, changeSubject } from '../../frontend/src/features/audit-log/changes';
import { auditErrorMessageId } from '../../frontend/src/features/audit-log/messages';
import { ApiError } from '../../frontend/src/lib/api';

const change = (before: unknown, after: unknown, field = 'name'): AuditTrailChange => ({ entity: 'pos', entityId: 'CENG-00000001', field, before, after });
const acme = { id: 'acme-vending', features: [] };

describe('audit log screen', () => {
  it('opens on the last 30 days up to today (the API’s own window)', () => {
    expect(recentRange(new Date(2026, 2, 15, 23, 30))).toEqual({ startDate: '2026-02-14', endDate: '2026-03-15' });
  });

  it('a link names one target: that target alone over the recent days, every other filter cleared', () => {
    const now = new Date(2026, 11, 7, 9);
    expect(linkedFilters(new URLSearchParams('serial=CENG-00000001'), now)).toEqual({
      startDate: '2026-11-08',
      endDate: '2026-12-07',
      userId: '',
      action: '',
      outcome: '',
      serial: 'CENG-00000001',
      mediaId: '',
      targetUserId: '',
    });
    expect(linkedFilters(new URLSearchParams('mediaId=0A1B2C3D'), now)).toMatchObject({ mediaId: '0A1B2C3D', serial: '', targetUserId: '' });
    expect(linkedFilters(new URLSearchParams('targetUserId=u-1'), now)).toMatchObject({ targetUserId: 'u-1', serial: '', mediaId: '' });
    // No target (or an empty one): the remembered filters stay.
    expect(linkedFilters(new URLSearchParams(''), now)).toBeNull();
    expect(linkedFilters(new URLSearchParams('serial=%20&action=pos.update'), now)).toBeNull();
  });

  it('shows before → after as a reader reads them; a secret only as changed, never its value', () => {
    expect(changeSides(change('Milano 1', 'Milano Centrale'))).toEqual({
      before: { kind: 'value', text: 'Milano 1' },
      after: { kind: 'value', text: 'Milano Centrale' },
    });
    expect(changeSides(change(null, 250, 'credit'))).toEqual({ before: { kind: 'none' }, after: { kind: 'value', text: '250' } });
    expect(changeSides(change(false, { a: [1] }))).toEqual({
      before: { kind: 'value', text: 'false' },
      after: { kind: 'value', text: '{\n  "a": [\n    1\n  ]\n}' },
    });
    expect(changeSides(change(AUDIT_TRAIL_SECRET_VALUE, AUDIT_TRAIL_SECRET_VALUE, 'apiToken'))).toEqual({
      before: { kind: 'secret' },
      after: { kind: 'secret' },
    });
    // A plain field that once held the word is still a value.
    expect(changeSides(change(AUDIT_TRAIL_SECRET_VALUE, 'other')).before).toEqual({ kind: 'value', text: AUDIT_TRAIL_SECRET_VALUE });
    expect(changeSubject(change('a', 'b'))).toBe('pos · CENG-00000001 · name');
    // The entity the entry is about goes without saying.
    expect(changeSubject(change('a', 'b'), [{ type: 'pos', id: 'CENG-00000001' }])).toBe('pos · name');
    expect(changeSubject({ entity: 'user', entityId: null, field: 'role', before: 'a', after: 'b' })).toBe('user · role');
    // A record created or removed whole.
    expect(changeSubject(change(null, { name: 'x' }, '*'))).toBe('pos · CENG-00000001');
  });

  it('names a refused filter by its field, and the past-the-cap export', () => {
    const invalid = (path: string) => new ApiError(400, 'ValidationException', 'bad', [{ path, message: 'x' }]);
    expect(auditErrorMessageId(invalid('query.from'))).toBe('auditLog.error.rangeTooLong');
    expect(auditErrorMessageId(invalid('query.to'))).toBe('dateRange.inverted');
    expect(auditErrorMessageId(invalid('query.serial'))).toBe('errors.ValidationException');
    expect(auditErrorMessageId(new ApiError(400, 'MaxResultsExceededException', 'cap'))).toBe('auditLog.pastTheCap.toast');
    expect(auditErrorMessageId(new ApiError(503, 'ServiceUnavailable', 'down'))).toBe('errors.unavailable');
  });

  it('is the administrators’: in their menu (Manage), and turned away for group admins and merchant users', () => {
    const entries = (role: Parameters<typeof menuFor>[0]) => menuFor(role, acme).map((e) => e.id);
    expect(entries('NEBULARSUPERADMIN')).toContain('manage-audit-log');
    expect(entries('NEBULARMERCHANTADMIN')).toContain('manage-audit-log');
    expect(entries('NEBULARGROUPADMIN')).not.toContain('manage-audit-log');
    expect(entries('NEBULARMERCHANTUSER')).not.toContain('manage-audit-log');
    expect(canOpen('/manage/audit-log', 'NEBULARGROUPADMIN')).toBe(false);
    expect(canOpen('/manage/audit-log', 'NEBULARMERCHANTUSER')).toBe(false);
  });
});
