/** A machine's licence report (`vend/{serial}/licenseinfos`): the example validates; the report activates only a confirmed licence. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { LicenseInfoMessage } from '#schemas/licence-report';
import { applyLicenseReport } from '../../functions/core/licences/report';
import type { StoredLicense } from '../../functions/core/licences/model';
import type { LicenseRepository } from '../../functions/core/licences/ports';

const example = JSON.parse(readFileSync(new URL('../../events/iot/licenseinfos.json', import.meta.url), 'utf8')) as Record<string, unknown>;

function depsWith(license: Partial<StoredLicense> | undefined) {
  const saved: StoredLicense[] = [];
  const licenses = {
    get: async () => license as StoredLicense | undefined,
    save: async (_current: StoredLicense | undefined, next: StoredLicense) => void saved.push(next),
  } as unknown as LicenseRepository;
  return { saved, deps: { licenses, machines: { machine: async () => ({ merchantId: 'm1', name: 'M' }) }, now: () => '2026-11-20T09:25:01.000Z' } };
}

const report = { serial: 'C100-00000018', licenseId: 'LIC-0018', features: ['Connector_Basic'], sentAt: '2026-11-20T09:25:00.000Z' };

describe('the licence report', () => {
  it('events/iot/licenseinfos.json validates', () => {
    expect(z.safeParse(LicenseInfoMessage, example).success).toBe(true);
  });

  it('activates a confirmed licence with the report; a repeat updates it', async () => {
    const { saved, deps } = depsWith({ serial: report.serial, status: 2, activatedAt: null, updatedAt: '1' });
    expect(await applyLicenseReport(deps, report)).toBe('activated');
    expect(saved[0]).toMatchObject({ status: 3, activatedAt: '2026-11-20T09:25:01.000Z', report: { licenseId: 'LIC-0018', features: ['Connector_Basic'] } });
    const again = depsWith({ serial: report.serial, status: 3, activatedAt: 'before', updatedAt: '1' });
    expect(await applyLicenseReport(again.deps, report)).toBe('updated');
    expect(again.saved[0]!.activatedAt).toBe('before');
  });

  it('changes nothing for a licence not confirmed, deactivated, expired, unassigned, or none, and names why', async () => {
    for (const [status, code] of [
      [1, 'LicenseTransitionNotAllowedException'],
      [4, 'LicenseDeactivatedException'],
      [5, 'LicenseNotAssignedYetException'],
      [6, 'LicenseExpiredException'],
    ] as const) {
      const { saved, deps } = depsWith({ serial: report.serial, status, updatedAt: '1' });
      expect(await applyLicenseReport(deps, report)).toBe(code);
      expect(saved).toHaveLength(0);
    }
    expect(await applyLicenseReport(depsWith(undefined).deps, report)).toBe('LicenseDoesNotExistException');
  });
});
