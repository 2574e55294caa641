import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { clientRecord } from '../../functions/adapters/dynamodb/client-repository';
import * as keys from '../../functions/adapters/dynamodb/keys';
import { recordSchema, UnreadableRecordError } from '../../functions/adapters/dynamodb/records';
import { userRecord } from '../../functions/adapters/dynamodb/user-records';
import { resetLogger } from '../../functions/runtime/logger';

const saved = { ...process.env };
let out: string[] = [];

beforeEach(() => {
  out = [];
  for (const stream of [process.stdout, process.stderr]) {
    vi.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
      out.push(...String(chunk).split('\n').filter(Boolean));
      return true;
    });
  }
  Object.assign(process.env, { LOG_LEVEL: 'info', LOG_FORMAT: 'json' });
  resetLogger();
});
afterEach(() => {
  vi.restoreAllMocks();
  process.env = { ...saved };
  resetLogger();
});

const logLines = () => out.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Record<string, any>);

const user = {
  id: 'u1',
  email: 'ann@acme.test',
  role: 'NEBULARMERCHANTADMIN',
  language: 'it',
  merchantIds: ['m1'],
  groupIds: [],
  allowLicensing: false,
  receiveNotifications: true,
  invisibleFlags: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('record schemas', () => {
  it('read an item into its entity without the key attributes, and log nothing', () => {
    expect(userRecord.read({ ...user, ...keys.user('u1'), ...keys.usersByEmail(user.email, 'u1'), entity: 'user' })).toEqual(user);
    expect(logLines()).toEqual([]);
  });

  it('give older items their defaults in the schema (a client stored before its machines count)', () => {
    const text = { code: '', companyName: '', vat: '', address: '', city: '', province: '', postalCode: '', country: 'IT', phone: '', website: '' };
    const client = { id: 'c1', merchantId: 'm1', name: 'Bar', ...text, createdAt: 'x', updatedAt: 'x' };
    const read = clientRecord.read({ ...client, ...keys.client('m1', 'c1'), entity: 'client', nameKey: 'bar' });
    expect(read.machines).toBe(0);
    expect(read).not.toHaveProperty('nameKey');
  });

  it('refuse an item that does not parse: one error line with the entity, its key and what failed, never its content', () => {
    const broken = { ...user, role: 'ROOT', merchantIds: 'm1', email: 'secret@acme.test', ...keys.user('u1') };
    expect(() => userRecord.read(broken)).toThrow(UnreadableRecordError);
    const lines = logLines();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'ERROR', message: 'stored record does not parse', entity: 'user', pk: 'USER#u1', sk: keys.user('u1').sk });
    expect(lines[0]!.problems).toEqual(['role: invalid_value', 'merchantIds: invalid_type']);
    expect(out.join('\n')).not.toContain('secret@acme.test');
    expect(out.join('\n')).not.toContain('ROOT');
  });

  it('names the entity of its schema in the error', () => {
    const schema = recordSchema('thing', z.object({ n: z.number() }));
    expect(() => schema.read({ pk: 'THING#1', sk: 'THING', n: 'one' })).toThrow('a stored thing record does not parse');
    expect(logLines()[0]!.problems).toEqual(['n: invalid_type']);
  });
});
