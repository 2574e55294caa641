import * as z from 'zod/mini';
import { logger } from '../../runtime/logger';
import { KEY_ATTRIBUTES } from './keys';

/**
 * A stored item its record schema refuses. Not a DomainError: the request answers 500 (the body shows nothing,
 * the correlation id finds the one error line that names the item's key), never a screen of wrong data.
 */
export class UnreadableRecordError extends Error {
  override readonly name = 'UnreadableRecordError';
}

type Item = Record<string, unknown>;

/**
 * The record schema of one stored entity (ACCESS-PATTERNS.md, "Record schemas"): `read(item)` drops the key
 * attributes and parses the rest into the entity; defaults for attributes older items lack belong in `schema`,
 * nowhere else. An item that does not parse is one error line — the entity, the item's pk and sk, and which
 * attributes failed how (never their values: an item may hold secrets) — and an UnreadableRecordError.
 */
export function recordSchema<T>(entity: string, schema: z.ZodMiniType<T, unknown>) {
  return {
    entity,
    schema,
    read(item: Item): T {
      const rest: Item = { ...item };
      for (const k of KEY_ATTRIBUTES) delete rest[k];
      const parsed = z.safeParse(schema, rest);
      if (parsed.success) return parsed.data;
      const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(item)'}: ${i.code}`);
      logger.error('stored record does not parse', { entity, pk: String(item.pk), sk: String(item.sk), problems });
      throw new UnreadableRecordError(`a stored ${entity} record does not parse`);
    },
  };
}

export type RecordSchema<T> = ReturnType<typeof recordSchema<T>>;

/**
 * A map of any string keys to values `isValue` accepts (the days of a stock line or a media), for record schemas on
 * the ingestion paths: `z.record` parses every key and value as a schema, about 1 µs an entry, which a stock record's
 * 30 days of each of its lines turn into milliseconds a read.
 */
export const keyedMap = <V>(isValue: (v: unknown) => v is V) =>
  z.custom<Record<string, V>>((v) => typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every(isValue));
