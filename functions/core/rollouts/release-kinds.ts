/**
 * The kinds of release a rollout delivers, in one place: the remote command that carries a release to the machine
 * (and the one for a peripheral's), and the bucket of its files. The rollout engine (rollout-run.ts) and the step's
 * composition (functions/triggers/rollout-step/deps.ts) read only this table: a kind added here (cash databases:
 * commands 16 and 18, the cash databases bucket) rolls out with the same engine once its rules are given there.
 */
import type { RemoteCommandType } from '#schemas/remote-command';

export interface ReleaseKindSpec {
  /** The remote command that delivers the release to the machine. */
  command: RemoteCommandType;
  /** The one for a release of a peripheral (coin changer, bill validator, cashless devices). */
  peripheralCommand: RemoteCommandType;
  /** The bucket holding its files (runtime/access.ts BucketId). */
  bucket: 'firmware' | 'cashDatabases';
}

export const RELEASE_KINDS = {
  firmware: { command: 14, peripheralCommand: 17, bucket: 'firmware' },
} as const satisfies Record<string, ReleaseKindSpec>;

export type ReleaseKind = keyof typeof RELEASE_KINDS;
export const isReleaseKind = (kind: string): kind is ReleaseKind => Object.hasOwn(RELEASE_KINDS, kind);

/** The id a command carries and the machine's reports echo: the kind, the rule and the wave (`firmware:{ruleId}:{wave}`). */
export const rolloutIdOf = (kind: ReleaseKind, ruleId: string, wave: number) => `${kind}:${ruleId}:${wave}`;

export function parseRolloutId(id: string): { kind: ReleaseKind; ruleId: string; wave: number } | undefined {
  const [kind, ruleId, wave] = id.split(':');
  if (!kind || !ruleId || wave === undefined || !isReleaseKind(kind)) return undefined;
  return { kind, ruleId, wave: Number(wave) };
}
