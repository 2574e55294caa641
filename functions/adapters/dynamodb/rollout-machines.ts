/**
 * The machines of a rollout (ACCESS-PATTERNS R3): one partition per rule, an item per machine sorted by wave and
 * serial, so a wave is one Query (paged by the service) and a machine one GetItem. Moves are conditional on the state
 * and `updatedAt` read: the workflow's step and the machine's reports never overwrite each other.
 */
import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { MACHINE_ROLLOUT_STATES } from '#schemas/rollout';
import * as z from 'zod/mini';
import type { RolloutMachineStore, StoredRolloutMachine } from '../../core/rollouts/rollout-run';
import type { ReleaseKind } from '../../core/rollouts/release-kinds';
import { batchPutItems } from './batch-items';
import * as keys from './keys';
import { queryPage, readRange } from './paging';
import { recordSchema } from './records';
import { isConditionFailure } from './transactions';

export const rolloutMachineRecord = recordSchema<StoredRolloutMachine>(
  'rolloutMachine',
  z.object({
    merchantId: z.string(),
    ruleId: z.string(),
    serial: z.string(),
    posName: z.string(),
    groupId: z.nullable(z.string()),
    wave: z.number(),
    state: z.enum(MACHINE_ROLLOUT_STATES),
    reason: z.optional(z.string()),
    sentAt: z.optional(z.string()),
    commandId: z.optional(z.string()),
    updatedAt: z.string(),
  }),
);

/** Most machines a wave may hold (the plan's waves are far smaller: 100 waves at least cover the chosen machines). */
const MAX_WAVE_MACHINES = 200_000;

export class DynamoRolloutMachines implements RolloutMachineStore {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  private item(kind: ReleaseKind, m: StoredRolloutMachine) {
    return { ...m, ...keys.rolloutMachine(kind, m.merchantId, m.ruleId, m.wave, m.serial), entity: rolloutMachineRecord.entity };
  }

  plan(kind: ReleaseKind, machines: readonly StoredRolloutMachine[]): Promise<void> {
    return batchPutItems(
      this.doc,
      this.tableName,
      machines.map((m) => this.item(kind, m)),
    );
  }

  async wave(kind: ReleaseKind, merchantId: string, ruleId: string, wave: number): Promise<StoredRolloutMachine[]> {
    const items = await readRange(this.doc, {
      tableName: this.tableName,
      partition: keys.rolloutMachinesPk(kind, merchantId, ruleId),
      beginsWith: keys.rolloutWavePrefix(wave),
      forward: true,
      max: MAX_WAVE_MACHINES,
    });
    return items.map((i) => rolloutMachineRecord.read(i));
  }

  /** A page of a wave's machines in serial order. */
  async page(
    kind: ReleaseKind,
    merchantId: string,
    ruleId: string,
    wave: number,
    s: { offset: number; limit: number; ordType: 'asc' | 'desc'; cursor?: string },
  ) {
    const page = await queryPage(this.doc, {
      tableName: this.tableName,
      partition: keys.rolloutMachinesPk(kind, merchantId, ruleId),
      beginsWith: keys.rolloutWavePrefix(wave),
      forward: s.ordType === 'asc',
      offset: s.offset,
      limit: s.limit,
      cursor: s.cursor,
    });
    return { items: page.items.map((i) => rolloutMachineRecord.read(i)), ...(page.cursor ? { cursor: page.cursor } : {}) };
  }

  async get(kind: ReleaseKind, merchantId: string, ruleId: string, wave: number, serial: string): Promise<StoredRolloutMachine | undefined> {
    const res = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.rolloutMachine(kind, merchantId, ruleId, wave, serial) }));
    return res.Item ? rolloutMachineRecord.read(res.Item) : undefined;
  }

  async move(kind: ReleaseKind, previous: StoredRolloutMachine, next: StoredRolloutMachine): Promise<boolean> {
    try {
      await this.doc.send(
        new PutCommand({
          TableName: this.tableName,
          Item: this.item(kind, next),
          ConditionExpression: '#st = :s AND updatedAt = :u',
          ExpressionAttributeNames: { '#st': 'state' },
          ExpressionAttributeValues: { ':s': previous.state, ':u': previous.updatedAt },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }
}
