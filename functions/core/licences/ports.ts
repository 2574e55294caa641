import type { Client } from '#schemas/client';
import type { LicenseStatus } from '#schemas/licence';
import type { Mailer } from '../notifications/ports';
import type { StoredLicense } from './model';

/** The machine a licence is for: whose it is and its name (undefined: no such machine). */
export interface LicenseMachine {
  merchantId: string;
  name: string;
}

export interface LicenseSlice {
  offset: number;
  limit: number;
  ordType: 'asc' | 'desc';
  cursor?: string;
}

/** Where a confirmation token points (its item, found by the token's hash). */
export interface LicenseTokenRef {
  merchantId: string;
  serial: string;
}

export interface LicenseRepository {
  get(merchantId: string, serial: string): Promise<StoredLicense | undefined>;
  /**
   * Writes `next` over `current` (undefined: the machine had none) only while the stored one is still `current`
   * (else LicenseChangedConcurrentlyException), in one transaction with the token's item: `current`'s removed, `next`'s
   * put (when it has one), so a link works exactly while its licence holds its hash.
   */
  save(current: StoredLicense | undefined, next: StoredLicense): Promise<void>;
  list(merchantId: string, status: LicenseStatus | undefined, slice: LicenseSlice): Promise<{ items: StoredLicense[]; cursor?: string }>;
  count(merchantId: string, status: LicenseStatus | undefined): Promise<number>;
  /** The licence a token's hash names, while the token item lives. */
  tokenRef(tokenHash: string): Promise<LicenseTokenRef | undefined>;
  /** Licences whose e-mail is due (sent, not mailed yet), oldest first. */
  dueMails(limit: number): Promise<StoredLicense[]>;
  /** Live demo licences expiring on or before `day` (UTC date), earliest first. */
  demosExpiringBy(day: string, limit: number): Promise<StoredLicense[]>;
}

export interface LicenseMachines {
  machine(serial: string): Promise<LicenseMachine | undefined>;
}

export interface LicenseClients {
  get(merchantId: string, id: string): Promise<Client | undefined>;
}

/** What the licence sweep mails with. */
export interface LicenseMailing {
  mailer: Mailer;
  /** The console's origin, for the confirmation link. */
  consoleUrl: string;
}
