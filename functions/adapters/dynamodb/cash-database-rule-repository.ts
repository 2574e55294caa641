import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { CashDatabaseRule } from '#schemas/cash-database-rule';
import { RolloutStatus } from '#schemas/rollout';
import * as z from 'zod/mini';
import type { StoredCashDatabaseRule } from '../../core/cash-databases/rules';
import * as keys from './keys';
import { recordSchema } from './records';
import { DynamoRolloutRuleRepository } from './rollout-rule-repository';

/** The record schema of a cash database rule: what the API shows and the status a paused one resumes to. */
export const cashDatabaseRuleRecord = recordSchema<StoredCashDatabaseRule>(
  'cashDatabaseRule',
  z.extend(CashDatabaseRule, { pausedFrom: z.optional(RolloutStatus) }),
);

/** Cash database rules (ACCESS-PATTERNS R1–R2, kind CDBRULE): each one a use of its cash database (CD1 `rules`). */
export const cashDatabaseRuleRepository = (doc: DynamoDBDocumentClient, tableName: string) =>
  new DynamoRolloutRuleRepository<StoredCashDatabaseRule>(doc, tableName, 'CDBRULE', cashDatabaseRuleRecord, (id, merchantId) =>
    keys.cashDatabase(merchantId, id),
  );
