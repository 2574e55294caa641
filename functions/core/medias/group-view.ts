/**
 * Medias are the merchant's (a key works at every machine of it), so a group admin sees every media; but the machines
 * a media names (last used at, source, cloud credit held for, refunded at) are shown to it only when they are in its
 * groups: a machine it cannot see anywhere else (GET /pos/{serial} answers 404) is withheld here too (issue 28 item 8).
 */
import { MEDIA_MACHINE_FIELDS, type Media, type MediaDetail } from '#schemas/media';
import type { PosReader } from '../devices/ports';
import type { Principal } from '../shared/principal';
import { groupScope } from '../shared/scope';

type Reader = { pos: Pick<PosReader, 'registration'> };

/** The serials of `serials` that are machines of the merchant inside the caller's groups (one registry read each). */
async function visibleSerials(deps: Reader, merchantId: string, groupIds: readonly string[], serials: ReadonlySet<string>): Promise<Set<string>> {
  const visible = new Set<string>();
  await Promise.all(
    [...serials].map(async (serial) => {
      const reg = await deps.pos.registration(serial);
      if (reg?.merchantId === merchantId && reg.groupId && groupIds.includes(reg.groupId)) visible.add(serial);
    }),
  );
  return visible;
}

function withhold<T extends Media>(view: T, visible: ReadonlySet<string>): T {
  const withheld = MEDIA_MACHINE_FIELDS.filter((f) => view[f] !== null && !visible.has(view[f]));
  const next: T = { ...view };
  for (const f of withheld) next[f] = null as never;
  if (withheld.length) next.withheld = withheld;
  if ('actions' in next) {
    const detail = next as unknown as MediaDetail;
    detail.actions = detail.actions.map(({ device, ...a }) => (device === undefined || visible.has(device) ? { ...a, ...(device ? { device } : {}) } : a));
    detail.last30DaysScope = 'merchant';
  }
  return next;
}

/** The views as the caller may see them: unchanged but for a group admin. */
export async function withinCallerGroups<T extends Media>(deps: Reader, principal: Principal, merchantId: string, views: T[]): Promise<T[]> {
  const scope = groupScope(principal, merchantId);
  if (scope.kind !== 'groups') return views;
  const serials = new Set<string>();
  for (const v of views) {
    for (const f of MEDIA_MACHINE_FIELDS) if (v[f]) serials.add(v[f]);
    if ('actions' in v) for (const a of (v as unknown as MediaDetail).actions) if (a.device) serials.add(a.device);
  }
  const visible = await visibleSerials(deps, merchantId, scope.groupIds, serials);
  return views.map((v) => withhold(v, visible));
}

export const detailWithinCallerGroups = async (deps: Reader, principal: Principal, merchantId: string, view: MediaDetail): Promise<MediaDetail> =>
  (await withinCallerGroups(deps, principal, merchantId, [view]))[0]!;
