import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { batchPutItems } from '../../functions/adapters/dynamodb/batch-items';
import { countQuery, MAX_FILTERED_QUERIES, queryPage } from '../../functions/adapters/dynamodb/paging';
import { startDynamo, type LocalDynamo } from '../../infra/local/emulators/dynamodb';
import { createTable, localDynamoClient } from '../../infra/local/emulators/table';

const TABLE = 'vending-console';

describe('reading a partition range (adapters/dynamodb/paging)', () => {
  let dynamo: LocalDynamo;
  let doc: DynamoDBDocumentClient;

  beforeAll(async () => {
    dynamo = await startDynamo({ port: 0 });
    await createTable(dynamo.endpoint, TABLE);
    doc = DynamoDBDocumentClient.from(localDynamoClient(dynamo.endpoint));
    // 60 items, every third one "open"; and 3,000 items of which one in 300 is open.
    await batchPutItems(
      doc,
      TABLE,
      Array.from({ length: 60 }, (_, i) => ({ pk: 'P', sk: `ITEM#${String(i).padStart(3, '0')}`, state: i % 3 === 0 ? 'open' : 'closed' })),
    );
    await batchPutItems(
      doc,
      TABLE,
      Array.from({ length: 3_000 }, (_, i) => ({ pk: 'SPARSE', sk: `ITEM#${String(i).padStart(4, '0')}`, state: i % 300 === 299 ? 'open' : 'closed' })),
    );
    // Three group partitions of an index (items 0..44 dealt round-robin: A gets 0, 3, 6…) and a busy neighbour.
    await batchPutItems(
      doc,
      TABLE,
      Array.from({ length: 45 }, (_, i) => ({ pk: `X#${i}`, sk: 'X', gsi3pk: `G#${'ABC'[i % 3]}`, gsi3sk: `T#${String(i).padStart(3, '0')}`, n: i })),
    );
    await batchPutItems(
      doc,
      TABLE,
      Array.from({ length: 500 }, (_, i) => ({ pk: `Y#${i}`, sk: 'Y', gsi3pk: 'G#OTHER', gsi3sk: `T#${String(i).padStart(3, '0')}` })),
    );
    // Two partitions of an index under one filter: THIN (300 items, 3 match) beside DENSE (20 items, all match), interleaved.
    await batchPutItems(
      doc,
      TABLE,
      Array.from({ length: 300 }, (_, i) => ({
        pk: `T#${i}`,
        sk: 'T',
        gsi2pk: 'THIN',
        gsi2sk: `K#${String(i * 10).padStart(4, '0')}`,
        mark: i % 100 === 99 ? 1 : 0,
      })),
    );
    await batchPutItems(
      doc,
      TABLE,
      Array.from({ length: 20 }, (_, i) => ({ pk: `D#${i}`, sk: 'D', gsi2pk: 'DENSE', gsi2sk: `K#${String(5 + i * 150).padStart(4, '0')}`, mark: 1 })),
    );
  });
  afterAll(async () => {
    doc?.destroy();
    await dynamo?.stop();
  });

  const open = { expression: '#s = :s', names: { '#s': 'state' }, values: { ':s': 'open' } };

  it('is exact when the range fits the read limit, with or without a filter', async () => {
    expect(await countQuery(doc, { tableName: TABLE, partition: 'P', beginsWith: 'ITEM#' })).toEqual({ count: 60 });
    expect(await countQuery(doc, { tableName: TABLE, partition: 'P', beginsWith: 'ITEM#', filter: open })).toEqual({ count: 20 });
    expect(await countQuery(doc, { tableName: TABLE, partition: 'P', between: { from: 'ITEM#010', to: 'ITEM#019' } }, 10)).toEqual({ count: 10 });
    expect(await countQuery(doc, { tableName: TABLE, partition: 'P' }, 60)).toEqual({ count: 60 });
  });

  it('stops at the read limit and says the count is a lower bound', async () => {
    expect(await countQuery(doc, { tableName: TABLE, partition: 'P' }, 25)).toEqual({ count: 26, atLeast: true });
    // The limit counts items read, not items matched: 31 read (one past the limit), 11 of them open.
    expect(await countQuery(doc, { tableName: TABLE, partition: 'P', filter: open }, 30)).toEqual({ count: 11, atLeast: true });
  });

  describe('a page of a sparse filter (queryPage)', () => {
    const sparse = { tableName: TABLE, partition: 'SPARSE', forward: true, filter: open };
    const queries = async (read: () => Promise<unknown>) => {
      dynamo.resetOpCounts();
      await read();
      return dynamo.opCounts().Query ?? 0;
    };

    it('reads more items per Query as it learns how few match: a few Queries, not one per handful of items', async () => {
      let page: Awaited<ReturnType<typeof queryPage>> = { items: [] };
      expect(await queries(async () => (page = await queryPage(doc, { ...sparse, offset: 0, limit: 4 })))).toBeLessThanOrEqual(6);
      expect(page.items.map((i) => i.sk)).toEqual(['ITEM#0299', 'ITEM#0599', 'ITEM#0899', 'ITEM#1199']);
      // The cursor opens right after the last item returned, although the read went further.
      const next = await queryPage(doc, { ...sparse, offset: 4, limit: 4, cursor: page.cursor });
      expect(next.items.map((i) => i.sk)).toEqual(['ITEM#1499', 'ITEM#1799', 'ITEM#2099', 'ITEM#2399']);
      // A jump without a cursor walks the skipped matches the same way.
      let jumped: Awaited<ReturnType<typeof queryPage>> = { items: [] };
      expect(await queries(async () => (jumped = await queryPage(doc, { ...sparse, offset: 8, limit: 4 })))).toBeLessThanOrEqual(10);
      expect(jumped.items.map((i) => i.sk)).toEqual(['ITEM#2699', 'ITEM#2999']);
      expect(jumped.cursor).toBeUndefined();
    });

    it('reads an unfiltered page with one Query of the page size (plus one item)', async () => {
      expect(await queries(() => queryPage(doc, { tableName: TABLE, partition: 'SPARSE', forward: false, offset: 0, limit: 20 }))).toBe(1);
    });
  });

  describe("several partitions merged (a group admin's groups)", () => {
    const groups = { tableName: TABLE, index: 'gsi3' as const, partition: ['G#A', 'G#C'] };
    const expected = Array.from({ length: 45 }, (_, i) => i).filter((i) => i % 3 !== 1);
    const numbers = (items: Array<Record<string, unknown>>) => items.map((i) => Number(i.n));

    it('pages through the partitions in sort-key order, one Query per partition a page, and never into another partition', async () => {
      const seen: number[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        dynamo.resetOpCounts();
        const page = await queryPage(doc, { ...groups, forward: false, offset: seen.length, limit: 7, cursor });
        expect(dynamo.opCounts().Query).toBe(2);
        seen.push(...numbers(page.items));
        cursor = page.cursor;
        pages++;
      } while (cursor);
      expect(seen).toEqual([...expected].reverse());
      expect(pages).toBe(5);
    });

    it('jumps to an offset without a cursor, and counts the partitions together', async () => {
      const page = await queryPage(doc, { ...groups, forward: true, offset: 25, limit: 10 });
      expect(numbers(page.items)).toEqual(expected.slice(25));
      expect(page.cursor).toBeUndefined();
      expect(await countQuery(doc, groups)).toEqual({ count: 30 });
      expect(await countQuery(doc, { ...groups, filter: { expression: 'n < :n', names: {}, values: { ':n': 10 } } })).toEqual({ count: 7 });
    });

    it("refuses a cursor of other partitions (another group's, or of a different set of groups)", async () => {
      const { cursor } = await queryPage(doc, { tableName: TABLE, index: 'gsi3', partition: ['G#A', 'G#OTHER'], forward: true, offset: 0, limit: 5 });
      await expect(queryPage(doc, { ...groups, forward: true, offset: 5, limit: 5, cursor })).rejects.toMatchObject({ code: 'InvalidCursorException' });
      const forged = Buffer.from(JSON.stringify({ o: 5, p: { 'G#A': null, 'G#C': { pk: 'Y#1', sk: 'Y', gsi3pk: 'G#OTHER', gsi3sk: 'T#001' } } })).toString(
        'base64url',
      );
      await expect(queryPage(doc, { ...groups, forward: true, offset: 5, limit: 5, cursor: forged })).rejects.toMatchObject({ code: 'InvalidCursorException' });
    });

    it('answers an empty scope with an empty page', async () => {
      expect(await queryPage(doc, { ...groups, partition: [], forward: true, offset: 0, limit: 5 })).toEqual({ items: [] });
      expect(await countQuery(doc, { ...groups, partition: [] })).toEqual({ count: 0 });
    });
  });

  describe('partitions of disjoint spans (months of transactions)', () => {
    const months = ['2026-01', '2026-02', '2026-03'];
    beforeAll(() =>
      batchPutItems(
        doc,
        TABLE,
        months.flatMap((m) =>
          Array.from({ length: 10 }, (_, i) => ({ pk: `M#${m}#${i}`, sk: 'M', gsi1pk: `SPAN#${m}`, gsi1sk: `${m}-${String(i + 1).padStart(2, '0')}`, m })),
        ),
      ),
    );
    const spans = (forward: boolean) => ({
      tableName: TABLE,
      forward,
      // Given in any order: the spans say which comes first.
      partition: [...months].reverse().map((m) => ({ partition: `SPAN#${m}`, index: 'gsi1' as const, span: m })),
    });
    const all = months.flatMap((m) => Array.from({ length: 10 }, (_, i) => `${m}-${String(i + 1).padStart(2, '0')}`));

    it('reads span after span and stops once the page is full: a page in one month is one Query', async () => {
      for (const forward of [false, true]) {
        const seen: string[] = [];
        const queriesPerPage: number[] = [];
        let cursor: string | undefined;
        do {
          dynamo.resetOpCounts();
          const page = await queryPage(doc, { ...spans(forward), offset: seen.length, limit: 4, cursor });
          queriesPerPage.push(dynamo.opCounts().Query ?? 0);
          seen.push(...page.items.map((i) => String(i.gsi1sk)));
          cursor = page.cursor;
        } while (cursor);
        expect(seen).toEqual(forward ? all : [...all].reverse());
        // 30 items by 4: pages 1 and 2 in the first month, page 3 crosses into the second (2 Queries), and so on.
        expect(queriesPerPage).toEqual([1, 1, 2, 1, 2, 1, 1, 1]);
      }
    });

    it("shares a filtered page's Query bound across spans: a sparse filter stops at a span's end, and the cursors walk on", async () => {
      // Only January's items match: a page of 20 finds nothing in March and February.
      const sparse = { expression: '#m = :m', names: { '#m': 'm' }, values: { ':m': '2026-01' } };
      const source = spans(false);
      const partition = source.partition.map((p) => ({ ...p, filter: sparse }));
      const seen: string[] = [];
      const queriesPerPage: number[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 5; page++) {
        dynamo.resetOpCounts();
        const next = await queryPage(doc, { ...source, partition, offset: page * 20, limit: 20, cursor }, 1);
        queriesPerPage.push(dynamo.opCounts().Query ?? 0);
        seen.push(...next.items.map((i) => String(i.gsi1sk)));
        cursor = next.cursor;
        if (!cursor) break;
      }
      expect(seen).toEqual(all.slice(0, 10).reverse());
      expect(queriesPerPage).toEqual([1, 1, 1]);
    });

    it('jumps to an offset without a cursor and counts every span', async () => {
      expect((await queryPage(doc, { ...spans(false), offset: 12, limit: 3 })).items.map((i) => i.gsi1sk)).toEqual(['2026-02-08', '2026-02-07', '2026-02-06']);
      expect(await countQuery(doc, spans(false))).toEqual({ count: 30 });
    });
  });

  describe('the bound on a filtered page (MAX_FILTERED_QUERIES; a small bound here)', () => {
    /** Pages on with each page's cursor, as the console does; per page: its Queries and its size. */
    const pageOn = async (q: Omit<Parameters<typeof queryPage>[1], 'offset' | 'cursor'>, bound: number) => {
      const items: Array<Record<string, unknown>> = [];
      const pages: Array<{ queries: number; size: number }> = [];
      let cursor: string | undefined;
      do {
        dynamo.resetOpCounts();
        const page = await queryPage(doc, { ...q, offset: pages.length * q.limit, cursor }, bound);
        pages.push({ queries: dynamo.opCounts().Query ?? 0, size: page.items.length });
        items.push(...page.items);
        cursor = page.cursor;
      } while (cursor && pages.length < 100);
      return { items, pages };
    };

    it('stops a sparse filter after the bound: short pages whose cursors resume where reading stopped, nothing skipped or repeated', async () => {
      const { items, pages } = await pageOn({ tableName: TABLE, partition: 'SPARSE', forward: true, filter: open, limit: 4 }, 3);
      expect(items.map((i) => i.sk)).toEqual(Array.from({ length: 10 }, (_, k) => `ITEM#${String(300 * k + 299).padStart(4, '0')}`));
      expect(Math.max(...pages.map((p) => p.queries))).toBeLessThanOrEqual(3);
      expect(pages.some((p) => p.size < 4)).toBe(true);
    });

    it('is not reached by the default bound in a partition of 3,000 items', async () => {
      const { pages } = await pageOn({ tableName: TABLE, partition: 'SPARSE', forward: true, filter: open, limit: 4 }, MAX_FILTERED_QUERIES);
      expect(pages.map((p) => p.size)).toEqual([4, 4, 2]);
    });

    it('merges partitions in order when one stops early: nothing of another partition past its stop is shown before it', async () => {
      const marked = { expression: '#m = :m', names: { '#m': 'mark' }, values: { ':m': 1 } };
      const { items, pages } = await pageOn({ tableName: TABLE, index: 'gsi2', partition: ['THIN', 'DENSE'], forward: true, filter: marked, limit: 5 }, 2);
      const expected = [...Array.from({ length: 20 }, (_, i) => 5 + i * 150), 990, 1990, 2990]
        .sort((a, b) => a - b)
        .map((n) => `K#${String(n).padStart(4, '0')}`);
      expect(items.map((i) => i.gsi2sk)).toEqual(expected);
      expect(Math.max(...pages.map((p) => p.queries))).toBeLessThanOrEqual(4);
      expect(pages.some((p) => p.size < 5)).toBe(true);
    });
  });
});
