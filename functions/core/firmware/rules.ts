/**
 * Firmware rules (spec §2 /devices/firmware-rules; FIRMWARE_UPDATE, gated by the route manifest): a firmware rolled
 * out to a merchant's machines of its device type, by the rollout parts every rule kind shares (core/rollouts).
 */
import type { FirmwareRule, FirmwareRuleCreate, FirmwareRuleListQuery } from '#schemas/firmware-rule';
import type { Page } from '#schemas/paging';
import type { Principal } from '../shared/principal';
import {
  changeRule,
  createRule,
  getRule,
  listRolloutMachines,
  listRules,
  type RolloutMachinePages,
  type RuleAction,
  type RuleDeps,
  type RuleKind,
  type StoredRule,
} from '../rollouts/rules';
import type { RolloutMachineQuery } from '#schemas/rollout';
import type { FirmwareRepository } from './ports';

export interface StoredFirmwareRule extends StoredRule, Omit<FirmwareRule, keyof StoredRule> {}

export interface FirmwareRuleDeps extends RuleDeps<StoredFirmwareRule> {
  firmwares: Pick<FirmwareRepository, 'get'>;
}

const kindOf = (deps: FirmwareRuleDeps): RuleKind<StoredFirmwareRule> => ({
  entity: 'firmwareRule',
  releaseKind: 'firmware',
  releaseField: 'firmwareId',
  releaseNotFoundCode: 'FirmwareNotFoundException',
  release: (id) => deps.firmwares.get(id),
  releaseIdOf: (rule) => rule.firmwareId,
});

const view = ({ pausedFrom: _from, ...rule }: StoredFirmwareRule): FirmwareRule => rule as FirmwareRule;

export async function createFirmwareRule(deps: FirmwareRuleDeps, principal: Principal, merchantId: string, body: FirmwareRuleCreate): Promise<FirmwareRule> {
  const rule = await createRule(deps, kindOf(deps), principal, merchantId, body, body.firmwareId, (base, release) => ({
    ...base,
    firmwareId: release.id,
    version: release.version,
    deviceType: release.deviceType,
  }));
  return view(rule);
}

export async function listFirmwareRules(
  deps: FirmwareRuleDeps,
  principal: Principal,
  merchantId: string,
  q: FirmwareRuleListQuery,
): Promise<Page<FirmwareRule>> {
  const page = await listRules(deps, principal, merchantId, q);
  return { ...page, items: page.items.map(view) };
}

export const getFirmwareRule = async (deps: FirmwareRuleDeps, principal: Principal, merchantId: string, id: string) =>
  view(await getRule(deps, principal, merchantId, id));

export const changeFirmwareRule = async (deps: FirmwareRuleDeps, principal: Principal, merchantId: string, id: string, action: RuleAction) =>
  view(await changeRule(deps, kindOf(deps), principal, merchantId, id, action));

export const listFirmwareRuleMachines = (
  deps: FirmwareRuleDeps & { rolloutMachines: RolloutMachinePages },
  principal: Principal,
  merchantId: string,
  id: string,
  q: RolloutMachineQuery,
) => listRolloutMachines(deps, kindOf(deps), principal, merchantId, id, q);
