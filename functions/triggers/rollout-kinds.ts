/**
 * The rollout engine's kinds (core/rollouts/release-kinds.ts) composed for the triggers that run it (rollout-step,
 * iot-firmware): each kind's rules and releases, and, where the function signs links, its bucket's machine links.
 * A kind added to RELEASE_KINDS gets its line here (cash databases: their rule repository and catalogue).
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { firmwareRuleRepository } from '../adapters/dynamodb/firmware-rule-repository';
import { DynamoFirmwareRepository } from '../adapters/dynamodb/firmware-repository';
import type { StoredFirmwareRule } from '../core/firmware/rules';
import { RELEASE_KINDS, type ReleaseKind } from '../core/rollouts/release-kinds';
import type { RolloutKindDeps } from '../core/rollouts/rollout-run';

type Links = (bucket: (typeof RELEASE_KINDS)[ReleaseKind]['bucket']) => (fileKey: string, seconds: number) => Promise<string>;

const noLinks: Links = (bucket) => () => Promise.reject(new Error(`this function signs no links of the ${bucket} bucket`));

export function rolloutKinds(doc: DynamoDBDocumentClient, tableName: string, links: Links = noLinks): Record<ReleaseKind, RolloutKindDeps<any>> {
  const firmwares = new DynamoFirmwareRepository(doc, tableName);
  const firmware: RolloutKindDeps<StoredFirmwareRule> = {
    rules: firmwareRuleRepository(doc, tableName),
    async release(id) {
      const f = await firmwares.get(id);
      return f && { id: f.id, version: f.version, deviceType: f.deviceType, fileKey: f.fileKey, sha256: f.file.sha256 };
    },
    releaseIdOf: (rule) => rule.firmwareId,
    machineLink: links(RELEASE_KINDS.firmware.bucket),
  };
  return { firmware };
}
