/** Cash database rules (spec §2 /manage/cash-database-rules): a cash database rolled out to machines, as firmware rules are. */
import * as z from 'zod/mini';
import { CASH_DATABASE_PERIPHERALS, CashDatabaseId } from './cash-database';
import { page } from './paging';
import { rolloutPlanShape, rolloutRuleShape, ruleListQuery } from './rollout';

/** POST /merchants/{id}/cash-database-rules: the cash database (it must exist: add it first) and its rollout. */
export const CashDatabaseRuleCreate = z.strictObject({ cashDatabaseId: CashDatabaseId, ...rolloutPlanShape });
export type CashDatabaseRuleCreate = z.infer<typeof CashDatabaseRuleCreate>;

export const CashDatabaseRule = z.object({
  ...rolloutRuleShape,
  cashDatabaseId: z.string(),
  /** The cash database's version, device type and peripheral when the rule was made (null: command 16, else 18). */
  version: z.string(),
  deviceType: z.string(),
  peripheral: z.nullable(z.enum(CASH_DATABASE_PERIPHERALS)),
});
export type CashDatabaseRule = z.infer<typeof CashDatabaseRule>;

export const CashDatabaseRulePage = page(CashDatabaseRule);
export const CashDatabaseRuleListQuery = ruleListQuery();
export type CashDatabaseRuleListQuery = z.infer<typeof CashDatabaseRuleListQuery>;
