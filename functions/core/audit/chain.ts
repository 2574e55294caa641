/**
 * Each merchant's audit trail is a hash chain: entry n holds the SHA-256 of entry n−1 (`prevHash`) and its own
 * (`hash`, over its content and `prevHash`), so an edited entry no longer matches its hash, and a removed one
 * breaks the sequence and the link of the entry after it.
 */
import { createHash } from 'node:crypto';
import type { AuditTrailEntry } from '#schemas/audit';

/** The `prevHash` of a merchant's first entry. */
export const GENESIS_HASH = '0'.repeat(64);

/** JSON with object keys sorted at every level: the same content always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value ?? null);
}

export const entryHash = (entry: Omit<AuditTrailEntry, 'hash'>): string => createHash('sha256').update(canonicalJson(entry)).digest('hex');

/** Links `content` after the entry `previous` (none: the merchant's first). */
export function chained(
  content: Omit<AuditTrailEntry, 'seq' | 'prevHash' | 'hash'>,
  previous: Pick<AuditTrailEntry, 'seq' | 'hash'> | undefined,
): AuditTrailEntry {
  const linked = { ...content, seq: (previous?.seq ?? 0) + 1, prevHash: previous?.hash ?? GENESIS_HASH };
  return { ...linked, hash: entryHash(linked) };
}

export interface ChainProblem {
  seq: number;
  problem: string;
}

/**
 * Checks a merchant's entries in sequence order: each hash matches its content, each `prevHash` the entry before,
 * the sequence has no gap. The chain may start past 1 only where the entries before have expired (`expiredBefore`:
 * the first entry present was written before that instant, so its predecessor's retention has run out).
 */
export function verifyChain(entries: readonly AuditTrailEntry[], expiredBefore: string): ChainProblem[] {
  const problems: ChainProblem[] = [];
  entries.forEach((entry, i) => {
    const { hash, ...content } = entry;
    if (entryHash(content) !== hash) problems.push({ seq: entry.seq, problem: 'its content does not match its hash (edited)' });
    const previous = entries[i - 1];
    if (previous) {
      if (entry.seq !== previous.seq + 1) problems.push({ seq: entry.seq, problem: `entries ${previous.seq + 1}–${entry.seq - 1} are missing` });
      else if (entry.prevHash !== previous.hash) problems.push({ seq: entry.seq, problem: `its prevHash does not match entry ${previous.seq}` });
    } else if (entry.seq === 1 ? entry.prevHash !== GENESIS_HASH : entry.at >= expiredBefore) {
      problems.push({ seq: entry.seq, problem: entry.seq === 1 ? 'the first entry does not start the chain' : `entries before ${entry.seq} are missing` });
    }
  });
  return problems;
}

/** The result of checking one merchant's chain. */
export interface ChainReport {
  merchantId: string;
  entries: number;
  firstSeq: number | null;
  lastSeq: number | null;
  problems: ChainProblem[];
}

/** Reads a merchant's whole chain from `pages` (in sequence order) and checks it; `retentionDays` tells an expired start from a gap. */
export async function checkChain(merchantId: string, pages: AsyncIterable<AuditTrailEntry[]>, now: string, retentionDays: number): Promise<ChainReport> {
  const entries: AuditTrailEntry[] = [];
  for await (const page of pages) entries.push(...page);
  // An entry's predecessor may have expired only when the entry itself is within a day of its own expiry.
  const expiredBefore = new Date(Date.parse(now) - (retentionDays - 1) * 86_400_000).toISOString();
  return {
    merchantId,
    entries: entries.length,
    firstSeq: entries[0]?.seq ?? null,
    lastSeq: entries.at(-1)?.seq ?? null,
    problems: verifyChain(entries, expiredBefore),
  };
}
