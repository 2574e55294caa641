import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { batchPutItems } from '../../functions/adapters/dynamodb/batch-items';
import * as keys from '../../functions/adapters/dynamodb/keys';
import { DynamoRemoteCommandRepository } from '../../functions/adapters/dynamodb/remote-command-repository';
import type { StoredCommand } from '../../functions/core/remote-commands/ports';
import { startDynamo, type LocalDynamo } from '../../infra/local/emulators/dynamodb';
import { createTable, localDynamoClient } from '../../infra/local/emulators/table';

const TABLE = 'vending-console';
const M = 'acme';

/** Command i of a machine: ids sort by creation like the real ones (base-36 time, dash, 12 hex digits). */
function command(i: number, serial: string, groupId: string | null): StoredCommand {
  const at = 1_790_000_000_000 + i * 1000;
  return {
    id: `${at.toString(36).padStart(9, '0')}-${i.toString(16).padStart(12, '0')}`,
    serial,
    posName: serial,
    merchantId: M,
    groupId,
    type: 5,
    params: {},
    status: 2,
    result: 0,
    message: null,
    createdAt: new Date(at).toISOString(),
    createdBy: 'u',
    scheduledAt: null,
    startAt: null,
    endAt: null,
    attempts: 1,
    dueAt: null,
  };
}

describe("a group admin's remote commands (gsi3, one partition per group)", () => {
  let dynamo: LocalDynamo;
  let doc: DynamoDBDocumentClient;
  let repo: DynamoRemoteCommandRepository;
  let scanned = 0;

  beforeAll(async () => {
    dynamo = await startDynamo({ port: 0 });
    await createTable(dynamo.endpoint, TABLE);
    doc = DynamoDBDocumentClient.from(localDynamoClient(dynamo.endpoint));
    // Every read through the repository adds what DynamoDB evaluated.
    const counting = {
      send: async (c: Parameters<DynamoDBDocumentClient['send']>[0]) => {
        const res = (await doc.send(c as never)) as { ScannedCount?: number };
        scanned += res.ScannedCount ?? 0;
        return res;
      },
    } as unknown as DynamoDBDocumentClient;
    repo = new DynamoRemoteCommandRepository(counting, TABLE);
    // 299 commands in a big group, 7 in a small one, 4 on ungrouped machines, interleaved in time.
    const plan = Array.from({ length: 310 }, (_, i) => (i % 50 === 7 ? 'small' : i % 75 === 11 ? null : 'big'));
    const commands = plan.map((g, i) => command(i, `CENG-${String(10_000_000 + i)}`, g));
    // Each machine and its registry entry (a send checks the machine's group there).
    await batchPutItems(
      doc,
      TABLE,
      commands.flatMap((c) => [
        { ...keys.pos(M, c.serial), serial: c.serial },
        { ...keys.deviceRegistry(c.serial), merchantId: M, groupId: c.groupId },
      ]),
    );
    for (const c of commands) expect((await repo.create(c)).kind).toBe('created');
  });
  afterAll(async () => {
    doc?.destroy();
    await dynamo?.stop();
  });

  it("pages the small group's commands reading only them, not the merchant's 310", async () => {
    scanned = 0;
    const first = await repo.listMerchant(M, { groupIds: ['small'] }, { offset: 0, limit: 4, ordType: 'desc' });
    const second = await repo.listMerchant(M, { groupIds: ['small'] }, { offset: 4, limit: 4, ordType: 'desc', cursor: first.cursor });
    const all = [...first.items, ...second.items];
    expect(all.map((c) => c.groupId)).toEqual(Array(7).fill('small'));
    expect(all.map((c) => c.id)).toEqual([...all.map((c) => c.id)].sort().reverse());
    expect(second.cursor).toBeUndefined();
    expect(await repo.countMerchant(M, { groupIds: ['small'] })).toEqual({ count: 7 });
    // Two pages (5 + 3 read: page size + 1) and the count (7 + 1): the other 303 commands are never read.
    expect(scanned).toBeLessThanOrEqual(16);
  });

  it('merges several groups newest first and leaves ungrouped machines out', async () => {
    const page = await repo.listMerchant(M, { groupIds: ['small', 'big'] }, { offset: 0, limit: 10, ordType: 'desc' });
    const merchant = await repo.listMerchant(M, {}, { offset: 0, limit: 12, ordType: 'desc' });
    expect(page.items.map((c) => c.id)).toEqual(
      merchant.items
        .filter((c) => c.groupId !== null)
        .slice(0, 10)
        .map((c) => c.id),
    );
    const all = await repo.listAllMerchant(M, { groupIds: ['small', 'big'] }, 1000);
    expect(all).toHaveLength(306);
    expect(await repo.countMerchant(M, {})).toEqual({ count: 310 });
  });

  it('refuses a send stored under a group its machine has left (moved since it was read)', async () => {
    // Machine 0 is in the big group: a command read with the small one would sit in the wrong group's list.
    expect((await repo.create({ ...command(400, 'CENG-10000000', 'small'), type: 6 })).kind).toBe('moved');
    expect((await repo.create({ ...command(401, 'CENG-10000000', 'big'), type: 6 })).kind).toBe('created');
    expect(await repo.countMerchant(M, { groupIds: ['small'] })).toEqual({ count: 7 });
  });
});
