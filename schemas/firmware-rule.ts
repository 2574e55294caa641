/** Firmware rules (spec §2 /devices/firmware-rules, §3 firmware rule with rule date): a firmware rolled out to machines. */
import * as z from 'zod/mini';
import { FirmwareId } from './firmware';
import { page } from './paging';
import { rolloutPlanShape, rolloutRuleShape, ruleListQuery } from './rollout';

/** POST /merchants/{id}/firmware-rules: the firmware (it must exist: spec "add first") and its rollout. */
export const FirmwareRuleCreate = z.strictObject({ firmwareId: FirmwareId, ...rolloutPlanShape });
export type FirmwareRuleCreate = z.infer<typeof FirmwareRuleCreate>;

export const FirmwareRule = z.object({
  ...rolloutRuleShape,
  firmwareId: z.string(),
  /** The firmware's version and device type when the rule was made. */
  version: z.string(),
  deviceType: z.string(),
});
export type FirmwareRule = z.infer<typeof FirmwareRule>;

export const FirmwareRulePage = page(FirmwareRule);
export const FirmwareRuleListQuery = ruleListQuery();
export type FirmwareRuleListQuery = z.infer<typeof FirmwareRuleListQuery>;
