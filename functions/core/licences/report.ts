/**
 * A machine's licence report (`licenseinfos`, over MQTT): a confirmed licence becomes activated (2 → 3), an activated
 * one keeps its report up to date. A report the state machine refuses (a licence not confirmed, deactivated, expired,
 * unassigned, or none) changes nothing: it is answered with the exception's code for the log and metrics.
 */
import type { LicenseStatus } from '#schemas/licence';
import { DomainError } from '../shared/domain-error';
import { LicenseDoesNotExistException } from './errors';
import type { LicenseMachines, LicenseRepository } from './ports';
import { moveLicense } from './use-cases';

export interface LicenseReportDeps {
  licenses: LicenseRepository;
  machines: LicenseMachines;
  now: () => string;
}

export interface LicenseReportMessage {
  serial: string;
  licenseId: string;
  features: string[];
  sentAt: string;
}

/** 'activated', 'updated', or the code of the refusal. */
export async function applyLicenseReport(deps: LicenseReportDeps, m: LicenseReportMessage): Promise<string> {
  try {
    const machine = await deps.machines.machine(m.serial);
    const license = machine && (await deps.licenses.get(machine.merchantId, m.serial));
    if (!license) throw new LicenseDoesNotExistException();
    const was = license.status as LicenseStatus;
    await moveLicense(deps, license, { kind: 'activate' }, (_, now) => ({
      report: { licenseId: m.licenseId, features: m.features, reportedAt: m.sentAt },
      ...(license.activatedAt ? {} : { activatedAt: now }),
    }));
    return was === 3 ? 'updated' : 'activated';
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
}
