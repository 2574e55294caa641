import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { FirmwareRule } from '#schemas/firmware-rule';
import { RolloutStatus } from '#schemas/rollout';
import * as z from 'zod/mini';
import type { StoredFirmwareRule } from '../../core/firmware/rules';
import * as keys from './keys';
import { recordSchema } from './records';
import { DynamoRolloutRuleRepository } from './rollout-rule-repository';

/** The record schema of a firmware rule: what the API shows and the status a paused one resumes to. */
export const firmwareRuleRecord = recordSchema<StoredFirmwareRule>('firmwareRule', z.extend(FirmwareRule, { pausedFrom: z.optional(RolloutStatus) }));

/** Firmware rules (ACCESS-PATTERNS R1–R2, kind FWRULE): each one a use of its firmware (F1 `rules`). */
export const firmwareRuleRepository = (doc: DynamoDBDocumentClient, tableName: string) =>
  new DynamoRolloutRuleRepository<StoredFirmwareRule>(doc, tableName, 'FWRULE', firmwareRuleRecord, keys.firmware);
