/**
 * What a rollout reads of machines: its target's machines when it starts (the merchant's list, a group's, or the
 * chosen machines' items) and the firmware versions their telemetry reports (TELEMETRY items, one BatchGetItem per
 * 100 machines, only the version projected).
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { RolloutTarget } from '#schemas/rollout';
import type { TargetMachine } from '../../core/rollouts/rollout-run';
import { batchGetItems } from './batch-items';
import * as keys from './keys';
import { DynamoPosLists } from './machine-lists';

/** The most machines a rollout targets. */
export const MAX_ROLLOUT_MACHINES = 100_000;

export function rolloutTargets(doc: DynamoDBDocumentClient, tableName: string) {
  const lists = new DynamoPosLists(doc, tableName);
  return {
    async machines(merchantId: string, target: RolloutTarget): Promise<TargetMachine[]> {
      if (target.kind === 'machines') {
        const items = await batchGetItems(
          doc,
          tableName,
          target.serials.map((s) => keys.pos(merchantId, s)),
          { expression: 'serial, #n, groupId', names: { '#n': 'name' } },
        );
        const found = new Map(
          items.map((i) => [String(i.serial), { serial: String(i.serial), posName: String(i.name), groupId: (i.groupId as string | null) ?? null }]),
        );
        return target.serials.flatMap((s) => found.get(s) ?? []);
      }
      const groupIds = target.kind === 'group' ? [target.groupId] : undefined;
      const [visible, hidden] = await Promise.all(
        [false, true].map((h) => lists.listAll(merchantId, { hidden: h, ...(groupIds ? { groupIds } : {}), filter: {} }, MAX_ROLLOUT_MACHINES)),
      );
      return [...visible!, ...hidden!].map((p) => ({ serial: p.serial, posName: p.name, groupId: p.groupId ?? null }));
    },
  };
}

export async function reportedVersions(
  doc: DynamoDBDocumentClient,
  tableName: string,
  merchantId: string,
  serials: readonly string[],
): Promise<Map<string, string>> {
  const items = await batchGetItems(
    doc,
    tableName,
    serials.map((s) => keys.posTelemetry(merchantId, s)),
    { expression: 'pk, firmwareVersion' },
  );
  const prefix = keys.posPk(merchantId, '');
  return new Map(items.filter((i) => typeof i.firmwareVersion === 'string').map((i) => [String(i.pk).slice(prefix.length), String(i.firmwareVersion)]));
}
