/**
 * Turns the event an IoT rule delivers (payload fields + `topic` + `receivedAt`, or `raw` base64 for a
 * payload that is not a JSON object) into a validated envelope or an "invalid" verdict with a reason.
 * Never throws for bad input.
 */
import { createHash } from 'node:crypto';
import * as z from 'zod/mini';
import { INGESTED_MESSAGES, MAX_DEVICE_MESSAGE_BYTES, type IngestedKind, type IngestedMessage } from '#schemas/iot';
import { isEvaDts } from './eva-dts';
import { canonicalTime } from './rules';

export type InvalidReason = 'not-json' | 'too-large' | 'bad-topic' | 'wrong-type' | 'invalid-envelope' | 'serial-mismatch' | 'not-eva-dts' | 'unknown-serial';

export interface ValidMessage {
  kind: IngestedKind;
  message: IngestedMessage;
  topic: string;
  /** Epoch ms when IoT Core received it (rule `timestamp()`). */
  receivedAt: number;
  /** `sentAt` in canonical form. */
  sentAt: string;
}

export interface InvalidMessage {
  reason: InvalidReason;
  detail: string;
  /** The payload as received: JSON text, or base64 when it was not a JSON object. */
  raw: string;
  rawEncoding: 'json' | 'base64';
  topic: string;
  receivedAt: number;
  messageId?: string;
  serial?: string;
}

export type ReadResult = { ok: true; value: ValidMessage } | { ok: false; value: InvalidMessage };

const MAX_DETAIL = 500;

/** `vend/{serial}/{kind}` → serial, or undefined when the topic is not that kind's. */
export function topicSerial(topic: string, kind: string): string | undefined {
  const prefix = 'vend/';
  const suffix = `/${kind}`;
  if (!topic.startsWith(prefix) || !topic.endsWith(suffix)) return undefined;
  const serial = topic.slice(prefix.length, topic.length - suffix.length);
  return serial && !serial.includes('/') ? serial : undefined;
}

function describeIssues(error: z.core.$ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => `${i.path.length ? i.path.join('.') : '(root)'}: ${i.message}`)
    .join('; ')
    .slice(0, MAX_DETAIL);
}

/** A short stable id of a kept-aside message: the same delivery always gives the same one. */
export function invalidMessageHash(m: Pick<InvalidMessage, 'topic' | 'raw' | 'receivedAt'>): string {
  return createHash('sha256').update(`${m.topic}\n${m.receivedAt}\n${m.raw}`).digest('hex').slice(0, 20);
}

export function readRuleEvent(kind: IngestedKind, event: unknown, nowMs = Date.now()): ReadResult {
  const record = event && typeof event === 'object' && !Array.isArray(event) ? (event as Record<string, unknown>) : {};
  const topic = typeof record.topic === 'string' ? record.topic : '';
  const receivedAt = typeof record.receivedAt === 'number' && Number.isFinite(record.receivedAt) ? record.receivedAt : nowMs;
  const { topic: _topic, receivedAt: _receivedAt, ...body } = record;
  const invalid = (reason: InvalidReason, detail: string, extra: Partial<InvalidMessage> = {}): ReadResult => ({
    ok: false,
    value: { reason, detail, raw: JSON.stringify(body), rawEncoding: 'json', topic, receivedAt, ...extra },
  });

  if (typeof body.raw === 'string' && Object.keys(body).length === 1) {
    return invalid('not-json', 'the payload is not a JSON object', { raw: body.raw, rawEncoding: 'base64' });
  }
  const size = Buffer.byteLength(JSON.stringify(body));
  if (size > MAX_DEVICE_MESSAGE_BYTES) return invalid('too-large', `${size} bytes > ${MAX_DEVICE_MESSAGE_BYTES}`);
  const ids = {
    messageId: typeof body.messageId === 'string' ? body.messageId.slice(0, 64) : undefined,
    serial: typeof body.serial === 'string' ? body.serial.slice(0, 32) : undefined,
  };
  const fromTopic = topicSerial(topic, kind);
  if (!fromTopic) return invalid('bad-topic', `topic is not vend/{serial}/${kind}`, ids);
  if (body.type !== kind) return invalid('wrong-type', `type must be '${kind}' on this topic`, ids);
  const parsed = z.safeParse(INGESTED_MESSAGES[kind] as z.ZodMiniType<IngestedMessage>, body);
  if (!parsed.success) return invalid('invalid-envelope', describeIssues(parsed.error), ids);
  if (parsed.data.serial !== fromTopic) return invalid('serial-mismatch', `envelope serial ${parsed.data.serial} ≠ topic serial ${fromTopic}`, ids);
  const dex = parsed.data.type === 'audit' ? parsed.data.payload.dex : undefined;
  if (dex !== undefined && !isEvaDts(dex)) return invalid('not-eva-dts', 'payload.dex: the audit text is not EVA-DTS', ids);
  return { ok: true, value: { kind, message: parsed.data, topic, receivedAt, sentAt: canonicalTime(parsed.data.sentAt) } };
}
