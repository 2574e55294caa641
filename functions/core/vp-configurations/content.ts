/** A VP configuration's content: checked against its schema, and as the machine configuration values command 13 carries. */
import * as z from 'zod/mini';
import { MAX_CLOUD_MESSAGE_BYTES } from '#schemas/iot-constants';
import { VP_ID_KEY, VP_VERSION_KEY, VpConfigContent } from '#schemas/vp-configuration';
import { commandMessage } from '../remote-commands/delivery';
import { MessageTooLargeException } from '../remote-commands/errors';
import { VpConfigNotValidException } from './errors';

/** The content as the schema reads it, or VpConfigNotValidException naming each field that is wrong. */
export function validContent(content: unknown): VpConfigContent {
  const parsed = z.safeParse(VpConfigContent, content);
  if (parsed.success) return parsed.data;
  throw new VpConfigNotValidException(parsed.error.issues.map((i) => ({ path: ['body', 'content', ...i.path.map(String)].join('.'), message: i.message })));
}

/** The machine configuration values of a version: the sections under the keys machines report them with, the parameters, and which configuration and version they are. */
export function machineValues(id: string, version: number, c: VpConfigContent): Record<string, string> {
  return {
    ...c.parameters,
    'display.language': c.display.language,
    'display.brightness': String(c.display.brightness),
    'telemetry.pingSeconds': String(c.telemetry.pingSeconds),
    'audit.scheduledHours': String(c.audit.scheduledHours),
    [VP_ID_KEY]: id,
    [VP_VERSION_KEY]: String(version),
  };
}

/** The longest serial a vending machine has (LITHOS-…): the size is that of the largest message of the version. */
const LONGEST_SERIAL = 'LITHOS-00000000';
const SAMPLE_COMMAND_ID = 'zzzzzzzzz-ffffffffffff';

/** The size of command 13's message carrying the version; over 64 KB (spec §5) it cannot be saved. */
export function messageSize(id: string, version: number, c: VpConfigContent, at: string): number {
  const message = commandMessage({ id: SAMPLE_COMMAND_ID, serial: LONGEST_SERIAL, type: 13, params: { values: machineValues(id, version, c) } }, 99, at);
  const bytes = Buffer.byteLength(message, 'utf8');
  if (bytes > MAX_CLOUD_MESSAGE_BYTES) throw new MessageTooLargeException(bytes, MAX_CLOUD_MESSAGE_BYTES);
  return bytes;
}
