/**
 * Every move of a licence's status (spec §4: 0 pending, 1 sent, 2 confirmed, 3 activated, 4 deactivated, 5 unassigned,
 * 6 expired), in one table. A move the table has not got answers the spec's exception for where the licence is:
 * none at all → LicenseDoesNotExistException, unassigned → LicenseNotAssignedYetException, deactivated →
 * LicenseDeactivatedException, expired → LicenseExpiredException; from a live status, LicenseTransitionNotAllowedException.
 *
 *   assign        none, 5 → 0          (a machine has one licence; a freed one is assigned again; a live one:
 *                                      LicenseAlreadyAssignedException)
 *   send          0, 1 → 1             (sending again replaces the link)
 *   confirm       1 → 2                (the client, through the e-mailed link)
 *   activate      2, 3 → 3             (the machine's licence report; a repeat changes nothing)
 *   changeClient  0, 1, 2 → 0; 3 → 3   (a new client confirms again; a running licence keeps running)
 *   unassign      0 remove/broken: 0–4, 6 → 5; 1 change client: 0–3 → 5; 2 end demo (demo only): 0–3 → 6;
 *                 3 end licence: 0–3 → 4
 *   expire        0–3 → 6              (the sweep, on a demo's expiry date)
 */
import { DEMO_LICENSE_TYPE, LICENSE_STATUS as S, type LicenseStatus, type UnassignCase } from '#schemas/licence';
import {
  LicenseAlreadyAssignedException,
  LicenseDeactivatedException,
  LicenseDoesNotExistException,
  LicenseExpiredException,
  LicenseNotAssignedYetException,
  LicenseTransitionNotAllowedException,
  NotADemoLicenseException,
} from './errors';

export type LicenseEvent =
  | { kind: 'assign' }
  | { kind: 'send' }
  | { kind: 'confirm' }
  | { kind: 'activate' }
  | { kind: 'changeClient' }
  | { kind: 'unassign'; case: UnassignCase; type: number }
  | { kind: 'expire' };

const LIVE: readonly LicenseStatus[] = [S.pending, S.sent, S.confirmed, S.activated];

/** The allowed moves: from each status, where the event takes it (undefined: refused). */
function allowed(from: LicenseStatus, event: LicenseEvent): LicenseStatus | undefined {
  switch (event.kind) {
    case 'assign':
      return from === S.unassigned ? S.pending : undefined;
    case 'send':
      return from === S.pending || from === S.sent ? S.sent : undefined;
    case 'confirm':
      return from === S.sent ? S.confirmed : undefined;
    case 'activate':
      return from === S.confirmed || from === S.activated ? S.activated : undefined;
    case 'changeClient':
      if (from === S.activated) return S.activated;
      return from === S.pending || from === S.sent || from === S.confirmed ? S.pending : undefined;
    case 'expire':
      return LIVE.includes(from) ? S.expired : undefined;
    case 'unassign':
      if (event.case === 0) return from === S.unassigned ? undefined : S.unassigned;
      if (!LIVE.includes(from)) return undefined;
      if (event.case === 1) return S.unassigned;
      if (event.case === 2) return S.expired;
      return S.deactivated;
  }
}

/** Where `event` takes a licence in status `from` (null: the machine has none), or the exception that refuses it. */
export function nextStatus(from: LicenseStatus | null, event: LicenseEvent): LicenseStatus {
  if (from === null) {
    if (event.kind === 'assign') return S.pending;
    throw new LicenseDoesNotExistException();
  }
  if (event.kind === 'unassign' && event.case === 2 && event.type !== DEMO_LICENSE_TYPE && LIVE.includes(from)) throw new NotADemoLicenseException();
  const to = allowed(from, event);
  if (to !== undefined) return to;
  if (event.kind === 'assign' && LIVE.includes(from)) throw new LicenseAlreadyAssignedException();
  if (from === S.unassigned) throw new LicenseNotAssignedYetException();
  if (from === S.deactivated) throw new LicenseDeactivatedException();
  if (from === S.expired) throw new LicenseExpiredException();
  throw new LicenseTransitionNotAllowedException(from, event.kind);
}
