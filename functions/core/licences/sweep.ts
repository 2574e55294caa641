/**
 * The licence sweep (functions/triggers/licence-sweep), bounded per run:
 * - mails each licence sent since the last run: a new single-use link (its hash stored, LICENSE_LINK_HOURS to use it);
 * - warns the client of a demo DEMO_EXPIRY_WARNING_DAYS before its last day, once;
 * - expires a demo the day after its last day (any live status → 6 expired).
 * A demo's `expiresOn` is the last day it works, in UTC.
 */
import { DEMO_EXPIRY_WARNING_DAYS, LICENSE_LINK_HOURS, LICENSE_STATUS } from '#schemas/licence';
import { hashApiToken, newApiToken } from '../shared/api-token';
import { LicenseChangedConcurrentlyException } from './errors';
import type { StoredLicense } from './model';
import type { LicenseMailing, LicenseRepository } from './ports';
import { moveLicense } from './use-cases';

export interface LicenseSweepDeps extends LicenseMailing {
  licenses: LicenseRepository;
  now: () => string;
}

export const LICENSE_SWEEP_BATCH = 50;
const DAY_MS = 86_400_000;

export interface LicenseSweepOutcome {
  mailed: number;
  warned: number;
  expired: number;
}

const features = (l: StoredLicense) => (l.features.length ? l.features.join(', ') : '-');

function licenseMail(l: StoredLicense, link: string) {
  return {
    subject: `Confirm your licence data for ${l.posName} (${l.serial})`,
    text: [
      `Hello ${l.client.name},`,
      '',
      `${l.organisation} assigned a licence of the cash-handling connector to the machine ${l.posName} (${l.serial}).`,
      `Features: ${features(l)}.${l.expiresOn ? ` Demo licence, valid until ${l.expiresOn}.` : ''}`,
      '',
      `Please check your data and confirm it here (the link works once, for ${LICENSE_LINK_HOURS} hours):`,
      link,
    ].join('\n'),
  };
}

function warningMail(l: StoredLicense) {
  return {
    subject: `Your demo licence for ${l.posName} (${l.serial}) ends on ${l.expiresOn}`,
    text: [
      `Hello ${l.client.name},`,
      '',
      `the demo licence of the machine ${l.posName} (${l.serial}) works until ${l.expiresOn} (UTC) and then expires.`,
      `Ask ${l.organisation} for a licence to keep using it.`,
    ].join('\n'),
  };
}

/** Runs a write; true when the licence changed meanwhile (a user's action, another run): the next run sees it anew. */
async function changedMeanwhile(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return false;
  } catch (error) {
    if (error instanceof LicenseChangedConcurrentlyException) return true;
    throw error;
  }
}

export async function sweepLicenses(deps: LicenseSweepDeps): Promise<LicenseSweepOutcome> {
  const outcome: LicenseSweepOutcome = { mailed: 0, warned: 0, expired: 0 };
  const nowMs = Date.parse(deps.now());
  for (const license of await deps.licenses.dueMails(LICENSE_SWEEP_BATCH)) {
    const token = newApiToken();
    // Mailed first, stored second: a failed send leaves it due for the next run, a lost write a link that never works.
    await deps.mailer.send(license.email, licenseMail(license, `${deps.consoleUrl}/confirm-client-data/${token}`));
    const next: StoredLicense = {
      ...license,
      mailDue: false,
      tokenHash: hashApiToken(token),
      tokenExpiresAt: new Date(nowMs + LICENSE_LINK_HOURS * 3_600_000).toISOString(),
    };
    if (await changedMeanwhile(() => deps.licenses.save(license, next))) continue;
    outcome.mailed++;
  }
  const today = new Date(nowMs).toISOString().slice(0, 10);
  const warnBy = new Date(nowMs + DEMO_EXPIRY_WARNING_DAYS * DAY_MS).toISOString().slice(0, 10);
  for (const license of await deps.licenses.demosExpiringBy(warnBy, LICENSE_SWEEP_BATCH)) {
    if (license.expiresOn! < today) {
      const expire = () =>
        moveLicense(deps, license, { kind: 'expire' }, (_, now) => ({ endedAt: now, mailDue: false, tokenHash: null, tokenExpiresAt: null }));
      if (!(await changedMeanwhile(expire))) outcome.expired++;
    } else if (!license.warnedAt && license.status !== LICENSE_STATUS.pending) {
      await deps.mailer.send(license.email, warningMail(license));
      if (!(await changedMeanwhile(() => deps.licenses.save(license, { ...license, warnedAt: deps.now() })))) outcome.warned++;
    }
  }
  return outcome;
}
