/**
 * The client's confirmation through the e-mailed link (public: /confirm-client-data/{token} → /license/confirm-license/{token}).
 * The token is single-use and expires: it is found by its SHA-256 (its item, which lives LICENSE_LINK_HOURS), and the
 * licence must still hold that hash, compared in constant time. Unknown, used, replaced and expired tokens all answer
 * TokenNotFoundException, so a caller learns nothing about which.
 */
import type { LicenseConfirmation } from '#schemas/licence';
import { recordCaller } from '../audit/change-recorder';
import { hashApiToken, tokenMatches } from '../shared/api-token';
import { TokenNotFoundException } from './errors';
import type { StoredLicense } from './model';
import type { LicenseRepository } from './ports';
import { moveLicense } from './use-cases';

export interface ConfirmationDeps {
  licenses: LicenseRepository;
  now: () => string;
}

async function licenseOfToken(deps: ConfirmationDeps, token: string): Promise<StoredLicense> {
  const hash = hashApiToken(token);
  const ref = await deps.licenses.tokenRef(hash);
  const license = ref && (await deps.licenses.get(ref.merchantId, ref.serial));
  const live = !!license && !!license.tokenExpiresAt && license.tokenExpiresAt > deps.now();
  if (!tokenMatches(token, license?.tokenHash ?? '') || !live) throw new TokenNotFoundException();
  return license!;
}

const confirmationOf = (l: StoredLicense): LicenseConfirmation => ({
  serial: l.serial,
  posName: l.posName,
  organisation: l.organisation,
  client: l.client,
  type: l.type,
  features: l.features,
  expiresOn: l.expiresOn,
  status: l.status,
});

/** What the client sees before confirming. */
export async function licenseConfirmation(deps: ConfirmationDeps, token: string): Promise<LicenseConfirmation> {
  return confirmationOf(await licenseOfToken(deps, token));
}

/** The client confirms its data: 1 sent → 2 confirmed, and the token is spent. */
export async function confirmLicense(deps: ConfirmationDeps, token: string): Promise<LicenseConfirmation> {
  const license = await licenseOfToken(deps, token);
  recordCaller('link', license.merchantId);
  const next = await moveLicense(deps, license, { kind: 'confirm' }, (_, now) => ({ confirmedAt: now, tokenHash: null, tokenExpiresAt: null }));
  return confirmationOf(next);
}
