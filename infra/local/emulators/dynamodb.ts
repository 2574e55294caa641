/**
 * Local DynamoDB: dynalite 4 in process behind a small HTTP front.
 *
 * The front (the endpoint clients use):
 * - forwards every request to dynalite's request handler in process (no second network hop);
 * - counts operations by X-Amz-Target name (`opCounts()`, `GET /__local/ops`) and the items written
 *   (`itemWriteCounts()`, `GET /__local/item-writes`): one per item a write request asks for, conditions failed
 *   or not, by operation and key pattern (a BatchWriteItem of 25 puts is 25; a TransactWriteItems counts its
 *   Puts, Updates and Deletes, not its ConditionChecks); `DELETE` on either path resets both;
 * - adds TransactWriteItems / TransactGetItems, which dynalite lacks, atomically: every transaction takes
 *   per-item locks (table + key, in sorted order), and so do single PutItem/UpdateItem/DeleteItem/
 *   BatchWriteItem requests, so nothing written through the front interleaves with a transaction;
 * - returns the old item on a failed condition when ReturnValuesOnConditionCheckFailure=ALL_OLD.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import { mkdirSync } from 'node:fs';
import type { AddressInfo, Socket } from 'node:net';
import * as zlib from 'node:zlib';
import { readBody } from '../read-body';
import { closeDynaliteIteratorsOnEnd } from './dynalite-iterators';

const require = createRequire(import.meta.url);

type AttributeValue = Record<string, unknown>;
type Item = Record<string, AttributeValue>;
type Json = Record<string, unknown>;

interface DynaliteValidation {
  types: Record<string, unknown>;
  custom?: (data: Json, store: unknown) => string | undefined;
}
interface DynaliteError extends Error {
  statusCode?: number;
  body?: Json;
}

/* dynalite internals (CommonJS, untyped). */
const dynalite = require('dynalite') as (options: { path?: string; createTableMs?: number; deleteTableMs?: number; updateTableMs?: number }) => Server;
const dynaliteValidations = require('dynalite/validations') as {
  checkTypes(data: Json, types: Record<string, unknown>): Json;
  checkValidations(data: Json, types: Record<string, unknown>, custom: DynaliteValidation['custom'], store: unknown): void;
};
const dynaliteDb = require('dynalite/db') as {
  checkConditional(data: Json, existingItem: Item | undefined): DynaliteError | null | undefined;
};
const opValidations: Record<'Put' | 'Update' | 'Delete' | 'ConditionCheck', DynaliteValidation> = {
  Put: require('dynalite/validations/putItem') as DynaliteValidation,
  Update: require('dynalite/validations/updateItem') as DynaliteValidation,
  Delete: require('dynalite/validations/deleteItem') as DynaliteValidation,
  // A ConditionCheck has the same fields as a DeleteItem (Key, ConditionExpression, names, values).
  ConditionCheck: require('dynalite/validations/deleteItem') as DynaliteValidation,
};
const VALIDATION_STORE = { options: { maxItemSize: 400 * 1024 } };

const API_PREFIX = 'DynamoDB_20120810';
const JSON_TYPE = 'application/x-amz-json-1.0';
const MAX_TRANSACT_ITEMS = 100;
const TOKEN_TTL_MS = 10 * 60 * 1000;
const LOCKED_SINGLE_OPS = new Set(['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem']);

export interface StartDynamoOptions {
  /** Port of the front; 0 or absent = a free port. */
  port?: number;
  /** Folder for the leveldb store; absent = in memory. */
  path?: string;
}

export interface LocalDynamo {
  endpoint: string;
  stop(): Promise<void>;
  opCounts(): Record<string, number>;
  /** Items written since the last reset, by `<operation> <key pattern>` (see keyPattern). */
  itemWriteCounts(): Record<string, number>;
  /** Resets both the operation and the item write counts. */
  resetOpCounts(): void;
}

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
  ) {
    super(String(body.message ?? body.Message ?? body.__type));
  }
}

const validationError = (message: string) => new ApiError(400, { __type: 'com.amazon.coral.validate#ValidationException', message });

/** Per-key async mutex; several keys are always taken in sorted order, so transactions cannot deadlock. */
class KeyedLock {
  private readonly tails = new Map<string, Promise<void>>();

  async acquire(keys: Iterable<string>): Promise<() => void> {
    const sorted = [...new Set(keys)].sort();
    const releases: Array<() => void> = [];
    for (const key of sorted) releases.push(await this.acquireOne(key));
    return () => {
      for (const release of releases) release();
    };
  }

  private async acquireOne(key: string): Promise<() => void> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => held);
    this.tails.set(key, tail);
    await previous;
    return () => {
      release();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    };
  }
}

const crc32 = (body: string): number | undefined =>
  typeof (zlib as { crc32?: (data: string) => number }).crc32 === 'function' ? (zlib as unknown as { crc32: (data: string) => number }).crc32(body) : undefined;

/**
 * A key's shape, attribute by attribute in key schema order: its `#`-separated segments, the constant ones kept
 * (upper case, as the table's key builders spell them) and the others shown as `…`, e.g.
 * `MERCHANT#…#POS#… SENSOR#…#…`. It tells what a write was for without listing every item.
 */
function keyPattern(key: Item): string {
  return Object.values(key)
    .map((value) =>
      String(value.S ?? value.N ?? '…')
        .split('#')
        .map((segment) => (/^[A-Z_]+$/.test(segment) ? segment : '…'))
        .join('#'),
    )
    .join(' ');
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

export async function startDynamo(options: StartDynamoOptions = {}): Promise<LocalDynamo> {
  if (options.path) mkdirSync(options.path, { recursive: true });
  closeDynaliteIteratorsOnEnd();
  const backend = dynalite({
    ...(options.path ? { path: options.path } : {}),
    createTableMs: 0,
    deleteTableMs: 0,
    updateTableMs: 0,
  });
  // dynalite's server is only listened to (on a free port) so that its close() closes the store cleanly;
  // requests reach its handler in process.
  await listen(backend, 0);
  const backendHandler = backend.listeners('request')[0] as (req: unknown, res: unknown) => void;

  const counts: Record<string, number> = {};
  const itemWrites: Record<string, number> = {};
  const countItemWrite = (operation: string, key: Item) => {
    const label = `${operation} ${keyPattern(key)}`;
    itemWrites[label] = (itemWrites[label] ?? 0) + 1;
  };
  const resetCounts = () => {
    for (const k of Object.keys(counts)) delete counts[k];
    for (const k of Object.keys(itemWrites)) delete itemWrites[k];
  };
  const locks = new KeyedLock();
  const keySchemas = new Map<string, string[]>();
  const tokens = new Map<string, { hash: string; at: number; response: Json }>();

  /** Calls dynalite's handler in process with a minimal request/response pair. */
  function invokeRaw(headers: Record<string, string | string[] | undefined>, method: string, url: string, body: string): Promise<RawResponse> {
    return new Promise((resolve, reject) => {
      const req = Object.assign(new EventEmitter(), { headers, method, url });
      const outHeaders: Record<string, string> = {};
      const res = {
        statusCode: 200,
        contentType: JSON_TYPE,
        setHeader(name: string, value: unknown) {
          outHeaders[name.toLowerCase()] = String(value);
        },
        getHeader(name: string) {
          return outHeaders[name.toLowerCase()];
        },
        end(data?: string | Buffer) {
          resolve({ status: res.statusCode, headers: outHeaders, body: data === undefined ? '' : data.toString() });
        },
      };
      try {
        backendHandler(req, res);
        if (body) req.emit('data', Buffer.from(body));
        req.emit('end');
      } catch (err) {
        reject(err);
      }
    });
  }

  const internalHeaders = (op: string) => ({
    'content-type': JSON_TYPE,
    'x-amz-target': `${API_PREFIX}.${op}`,
    'x-amz-date': '20240101T000000Z',
    authorization: 'AWS4-HMAC-SHA256 Credential=local/20240101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=local',
  });

  /** An internal DynamoDB call; throws ApiError on an error answer. */
  async function call(op: string, params: Json): Promise<Json> {
    const res = await invokeRaw(internalHeaders(op), 'POST', '/', JSON.stringify(params));
    const parsed = (res.body ? JSON.parse(res.body) : {}) as Json;
    if (res.status !== 200) throw new ApiError(res.status, parsed);
    return parsed;
  }

  async function keySchema(tableName: string): Promise<string[]> {
    const cached = keySchemas.get(tableName);
    if (cached) return cached;
    const described = (await call('DescribeTable', { TableName: tableName })) as {
      Table: { KeySchema: Array<{ AttributeName: string; KeyType: string }> };
    };
    const schema = [...described.Table.KeySchema].sort((a, b) => (a.KeyType === 'HASH' ? -1 : b.KeyType === 'HASH' ? 1 : 0)).map((k) => k.AttributeName);
    keySchemas.set(tableName, schema);
    return schema;
  }

  async function lockKey(tableName: string, keyOrItem: Item): Promise<{ lockKey: string; key: Item }> {
    const schema = await keySchema(tableName);
    const key: Item = {};
    for (const attr of schema) {
      const value = keyOrItem[attr];
      if (value === undefined) throw validationError('The provided key element does not match the schema');
      key[attr] = value;
    }
    return { lockKey: `${tableName}\u0000${JSON.stringify(schema.map((a) => key[a]))}`, key };
  }

  /* ---------- single writes under their own key locks ---------- */

  /** The items a single write request writes: its lock key, its key and the operation it is counted under. */
  async function itemsOfSingleWrite(op: string, params: Json): Promise<Array<{ lockKey: string; key: Item; operation: string }>> {
    if (op === 'BatchWriteItem') {
      const out: Array<{ lockKey: string; key: Item; operation: string }> = [];
      const requestItems = (params.RequestItems ?? {}) as Record<string, Array<{ PutRequest?: { Item: Item }; DeleteRequest?: { Key: Item } }>>;
      for (const [table, requests] of Object.entries(requestItems)) {
        for (const request of requests ?? []) {
          const source = request.PutRequest?.Item ?? request.DeleteRequest?.Key;
          if (source) out.push({ ...(await lockKey(table, source)), operation: `BatchWriteItem.${request.PutRequest ? 'Put' : 'Delete'}` });
        }
      }
      return out;
    }
    const source = (op === 'PutItem' ? params.Item : params.Key) as Item | undefined;
    if (!source || typeof params.TableName !== 'string') return [];
    return [{ ...(await lockKey(params.TableName, source)), operation: op }];
  }

  async function lockedSingleWrite(op: string, headers: IncomingMessage['headers'], body: string): Promise<RawResponse> {
    let params: Json;
    let items: Array<{ lockKey: string; key: Item; operation: string }>;
    try {
      params = JSON.parse(body) as Json;
      items = await itemsOfSingleWrite(op, params);
    } catch {
      // Unparsable body, unknown table or bad key: let dynalite produce its own error.
      return invokeRaw(headers, 'POST', '/', body);
    }
    for (const item of items) countItemWrite(item.operation, item.key);
    const release = await locks.acquire(items.map((i) => i.lockKey));
    try {
      const wantsOld = params.ReturnValuesOnConditionCheckFailure === 'ALL_OLD';
      const res = await invokeRaw(headers, 'POST', '/', body);
      if (wantsOld && res.status === 400 && res.body.includes('ConditionalCheckFailedException') && op !== 'BatchWriteItem') {
        const old = await call('GetItem', {
          TableName: params.TableName,
          Key: (await lockKey(String(params.TableName), (op === 'PutItem' ? params.Item : params.Key) as Item)).key,
          ConsistentRead: true,
        });
        if (old.Item) {
          const errorBody = { ...(JSON.parse(res.body) as Json), Item: old.Item };
          return { ...res, body: JSON.stringify(errorBody) };
        }
      }
      return res;
    } finally {
      release();
    }
  }

  /* ---------- transactions ---------- */

  type TxKind = 'Put' | 'Update' | 'Delete' | 'ConditionCheck';
  interface TxOp {
    kind: TxKind;
    table: string;
    key: Item;
    lockKey: string;
    params: Json;
    parsed: Json;
    returnOld: boolean;
  }

  function requestHash(params: Json): string {
    const { ClientRequestToken: _ignored, ...rest } = params;
    return createHash('sha256').update(JSON.stringify(rest)).digest('hex');
  }

  function checkCount(list: unknown, field: string): unknown[] {
    if (!Array.isArray(list) || list.length === 0)
      throw validationError(`1 validation error detected: Value null at '${field}' failed to satisfy constraint: Member must not be null`);
    if (list.length > MAX_TRANSACT_ITEMS)
      throw validationError(
        `1 validation error detected: Value '[${list.length} items]' at '${field}' failed to satisfy constraint: Member must have length less than or equal to ${MAX_TRANSACT_ITEMS}`,
      );
    return list;
  }

  async function transactWriteItems(params: Json): Promise<Json> {
    const list = checkCount(params.TransactItems, 'transactItems');
    const token = typeof params.ClientRequestToken === 'string' ? params.ClientRequestToken : undefined;
    const hash = token ? requestHash(params) : '';
    if (token) {
      const now = Date.now();
      for (const [t, entry] of tokens) if (now - entry.at > TOKEN_TTL_MS) tokens.delete(t);
      const seen = tokens.get(token);
      if (seen) {
        if (seen.hash !== hash)
          throw new ApiError(400, {
            __type: 'com.amazonaws.dynamodb.v20120810#IdempotentParameterMismatchException',
            message: 'Request parameters do not match the previous request with the same client request token',
          });
        return seen.response;
      }
    }

    const ops: TxOp[] = [];
    const seenKeys = new Set<string>();
    for (const entry of list) {
      const kinds = (['Put', 'Update', 'Delete', 'ConditionCheck'] as const).filter((k) => entry && typeof entry === 'object' && k in (entry as Json));
      if (kinds.length !== 1) throw validationError('TransactItems can only contain one of Check, Put, Update or Delete');
      const kind = kinds[0]!;
      const raw = { ...((entry as Json)[kind] as Json) };
      const returnOld = raw.ReturnValuesOnConditionCheckFailure === 'ALL_OLD';
      delete raw.ReturnValuesOnConditionCheckFailure;
      if (typeof raw.TableName !== 'string') throw validationError('TableName is required');
      if (kind === 'ConditionCheck' && typeof raw.ConditionExpression !== 'string')
        throw validationError('The ConditionExpression is required for a ConditionCheck');
      let parsed: Json;
      try {
        const typed = dynaliteValidations.checkTypes(structuredClone(raw), opValidations[kind].types);
        dynaliteValidations.checkValidations(typed, opValidations[kind].types, opValidations[kind].custom, VALIDATION_STORE);
        parsed = typed;
      } catch (err) {
        const e = err as DynaliteError;
        if (e.statusCode && e.body) throw new ApiError(e.statusCode, e.body);
        throw err;
      }
      let located: { lockKey: string; key: Item };
      try {
        located = await lockKey(raw.TableName, (kind === 'Put' ? raw.Item : raw.Key) as Item);
      } catch (err) {
        if (err instanceof ApiError && err.body.__type === 'com.amazonaws.dynamodb.v20120810#ResourceNotFoundException')
          throw new ApiError(400, { ...err.body, message: 'Requested resource not found' });
        throw err;
      }
      if (seenKeys.has(located.lockKey)) throw validationError('Transaction request cannot include multiple operations on one item');
      seenKeys.add(located.lockKey);
      ops.push({ kind, table: raw.TableName, key: located.key, lockKey: located.lockKey, params: raw, parsed, returnOld });
    }

    for (const o of ops) if (o.kind !== 'ConditionCheck') countItemWrite(`TransactWriteItems.${o.kind}`, o.key);
    const release = await locks.acquire(ops.map((o) => o.lockKey));
    try {
      const olds = await Promise.all(
        ops.map(async (o) => (await call('GetItem', { TableName: o.table, Key: o.key, ConsistentRead: true })).Item as Item | undefined),
      );
      const failed = ops.map((o, i) => dynaliteDb.checkConditional(o.parsed, olds[i]) != null);
      if (failed.some(Boolean)) throw cancelled(ops, olds, failed);

      const writes = ops.map((o, i) => ({ o, old: olds[i] })).filter(({ o }) => o.kind !== 'ConditionCheck');
      const results = await Promise.allSettled(
        writes.map(({ o }) => call(o.kind === 'Put' ? 'PutItem' : o.kind === 'Update' ? 'UpdateItem' : 'DeleteItem', o.params)),
      );
      const firstFailure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (firstFailure) {
        await Promise.all(
          writes.map(async ({ o, old }, i) => {
            if (results[i]!.status !== 'fulfilled') return;
            if (old) await call('PutItem', { TableName: o.table, Item: old });
            else await call('DeleteItem', { TableName: o.table, Key: o.key });
          }),
        );
        const reason = firstFailure.reason as unknown;
        if (reason instanceof ApiError && String(reason.body.__type).endsWith('ConditionalCheckFailedException')) {
          // Cannot happen while the locks are held; reported the way DynamoDB would if it did.
          throw cancelled(
            ops,
            olds,
            ops.map((o) => writes.some((w, i) => w.o === o && results[i]!.status === 'rejected')),
          );
        }
        throw reason;
      }
      const response: Json = {};
      if (token) tokens.set(token, { hash, at: Date.now(), response });
      return response;
    } finally {
      release();
    }
  }

  function cancelled(ops: TxOp[], olds: Array<Item | undefined>, failed: boolean[]): ApiError {
    const reasons = ops.map((o, i) => {
      if (!failed[i]) return { Code: 'None' };
      const reason: Json = { Code: 'ConditionalCheckFailed', Message: 'The conditional request failed' };
      if (o.returnOld && olds[i]) reason.Item = olds[i];
      return reason;
    });
    return new ApiError(400, {
      __type: 'com.amazonaws.dynamodb.v20120810#TransactionCanceledException',
      message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${reasons.map((r) => r.Code).join(', ')}]`,
      CancellationReasons: reasons,
    });
  }

  async function transactGetItems(params: Json): Promise<Json> {
    const list = checkCount(params.TransactItems, 'transactItems');
    const gets: Array<{ params: Json; lockKey: string }> = [];
    const seenKeys = new Set<string>();
    for (const entry of list) {
      const get = (entry as Json | null)?.Get as Json | undefined;
      if (!get || typeof get.TableName !== 'string') throw validationError('TransactItems can only contain Get');
      const located = await lockKey(get.TableName, get.Key as Item);
      if (seenKeys.has(located.lockKey)) throw validationError('Transaction request cannot include multiple operations on one item');
      seenKeys.add(located.lockKey);
      gets.push({ params: get, lockKey: located.lockKey });
    }
    const release = await locks.acquire(gets.map((g) => g.lockKey));
    try {
      const items = await Promise.all(gets.map((g) => call('GetItem', { ...g.params, ConsistentRead: true })));
      return { Responses: items.map((r) => (r.Item ? { Item: r.Item } : {})) };
    } finally {
      release();
    }
  }

  /* ---------- the front ---------- */

  function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}, origin?: string) {
    res.statusCode = status;
    for (const [name, value] of Object.entries(headers)) {
      if (name === 'content-length' || name === 'transfer-encoding' || name === 'connection') continue;
      res.setHeader(name, value);
    }
    if (!res.hasHeader('content-type')) res.setHeader('content-type', JSON_TYPE);
    if (origin && !res.hasHeader('access-control-allow-origin')) res.setHeader('access-control-allow-origin', '*');
    const checksum = crc32(body);
    if (checksum !== undefined && !res.hasHeader('x-amz-crc32')) res.setHeader('x-amz-crc32', String(checksum));
    res.setHeader('content-length', Buffer.byteLength(body));
    res.end(body);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const origin = typeof req.headers.origin === 'string' ? req.headers.origin : undefined;
    const body = (await readBody(req)).toString('utf8');
    const url = req.url ?? '/';
    if (url.startsWith('/__local/ops') || url.startsWith('/__local/item-writes')) {
      if (req.method === 'DELETE') resetCounts();
      send(res, 200, JSON.stringify(url.startsWith('/__local/ops') ? counts : itemWrites), { 'content-type': 'application/json' }, origin);
      return;
    }
    const target = typeof req.headers['x-amz-target'] === 'string' ? req.headers['x-amz-target'] : '';
    const op = target.startsWith(`${API_PREFIX}.`) ? target.slice(API_PREFIX.length + 1) : '';
    if (req.method === 'POST' && op) counts[op] = (counts[op] ?? 0) + 1;

    if (req.method === 'POST' && (op === 'TransactWriteItems' || op === 'TransactGetItems')) {
      try {
        let params: Json;
        try {
          params = JSON.parse(body) as Json;
        } catch {
          throw new ApiError(400, { __type: 'com.amazon.coral.service#SerializationException' });
        }
        const result = op === 'TransactWriteItems' ? await transactWriteItems(params) : await transactGetItems(params);
        send(res, 200, JSON.stringify(result), {}, origin);
      } catch (err) {
        if (err instanceof ApiError) send(res, err.status, JSON.stringify(err.body), {}, origin);
        else throw err;
      }
      return;
    }

    if (req.method === 'POST' && (op === 'CreateTable' || op === 'DeleteTable' || op === 'UpdateTable')) {
      try {
        const name = (JSON.parse(body) as Json).TableName;
        if (typeof name === 'string') keySchemas.delete(name);
      } catch {
        /* dynalite answers */
      }
    }

    const result =
      req.method === 'POST' && LOCKED_SINGLE_OPS.has(op)
        ? await lockedSingleWrite(op, req.headers, body)
        : await invokeRaw(req.headers, req.method ?? 'GET', url, body);
    send(res, result.status, result.body, result.headers, origin);
  }

  const sockets = new Set<Socket>();
  const front = createServer({ keepAlive: true, noDelay: true }, (req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent)
        send(res, 500, JSON.stringify({ __type: 'com.amazonaws.dynamodb.v20120810#InternalServerError', message: String((err as Error)?.message ?? err) }));
      else res.destroy();
    });
  });
  front.keepAliveTimeout = 65_000;
  front.on('connection', (socket: Socket) => {
    socket.setNoDelay(true);
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  let port: number;
  try {
    port = await listen(front, options.port ?? 0);
  } catch (err) {
    await new Promise<void>((resolve) => backend.close(() => resolve()));
    throw err;
  }

  let stopped: Promise<void> | undefined;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    opCounts: () => ({ ...counts }),
    itemWriteCounts: () => ({ ...itemWrites }),
    resetOpCounts: resetCounts,
    stop() {
      stopped ??= (async () => {
        await new Promise<void>((resolve) => {
          front.close(() => resolve());
          for (const socket of sockets) socket.destroy();
        });
        await new Promise<void>((resolve, reject) => backend.close((err?: Error) => (err ? reject(err) : resolve())));
      })();
      return stopped;
    },
  };
}
