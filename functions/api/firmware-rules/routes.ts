import { FirmwareRule, FirmwareRuleCreate, FirmwareRuleListQuery, FirmwareRulePage } from '#schemas/firmware-rule';
import { MerchantIdParams } from '#schemas/merchant';
import { ADMINS, ALL_ROLES } from '#schemas/roles';
import { RolloutMachinePage, RolloutMachineQuery, RuleParams } from '#schemas/rollout';
import { changeFirmwareRule, createFirmwareRule, getFirmwareRule, listFirmwareRuleMachines, listFirmwareRules } from '../../core/firmware/rules';
import type { RuleAction } from '../../core/rollouts/rules';
import { routeFor } from '../../http/manifest';
import type { FirmwareRulesGroupDeps } from './deps';

const route = routeFor<FirmwareRulesGroupDeps>();

const RULE_404 = ['MerchantNotFoundException', 'RuleNotFoundException'];

const change = (action: RuleAction, summary: string) =>
  route({
    id: `firmwareRules.${action}`,
    method: 'POST',
    path: `/merchants/{id}/firmware-rules/{ruleId}/${action}`,
    roles: ADMINS,
    feature: 'FIRMWARE_UPDATE',
    summary,
    request: { params: RuleParams },
    response: FirmwareRule,
    errors: { 404: RULE_404, 409: ['RuleStatusConflictException'] },
    handler: ({ deps, principal, params }) => changeFirmwareRule(deps, principal, params.id, params.ruleId, action),
  });

export const routes = [
  route({
    id: 'firmwareRules.list',
    method: 'GET',
    path: '/merchants/{id}/firmware-rules',
    roles: ALL_ROLES,
    feature: 'FIRMWARE_UPDATE',
    summary: 'A merchant’s firmware rules with their rollout progress (machines per state), newest first unless ordType=asc; filter status',
    request: { params: MerchantIdParams, query: FirmwareRuleListQuery },
    response: FirmwareRulePage,
    errors: { 404: ['MerchantNotFoundException'] },
    handler: ({ deps, principal, params, query }) => listFirmwareRules(deps, principal, params.id, query),
  }),
  route({
    id: 'firmwareRules.create',
    method: 'POST',
    path: '/merchants/{id}/firmware-rules',
    roles: ADMINS,
    feature: 'FIRMWARE_UPDATE',
    summary:
      'Roll a firmware out: the target (every machine of its device type, a group, or chosen machines), the rule date, waves, the abort threshold after a minimum of machines, the per-machine timeout, an optional maintenance window. 400 FirmwareNotFoundException (add it first), InvalidRuleTargetException (another device type’s machines, a group or machine not of the merchant)',
    request: { params: MerchantIdParams, body: FirmwareRuleCreate },
    response: FirmwareRule,
    status: 201,
    errors: { 400: ['FirmwareNotFoundException', 'InvalidRuleTargetException'], 404: ['MerchantNotFoundException'] },
    handler: ({ deps, principal, params, body }) => createFirmwareRule(deps, principal, params.id, body),
  }),
  route({
    id: 'firmwareRules.get',
    method: 'GET',
    path: '/merchants/{id}/firmware-rules/{ruleId}',
    roles: ALL_ROLES,
    feature: 'FIRMWARE_UPDATE',
    summary: 'One firmware rule and its progress',
    request: { params: RuleParams },
    response: FirmwareRule,
    errors: { 404: RULE_404 },
    handler: ({ deps, principal, params }) => getFirmwareRule(deps, principal, params.id, params.ruleId),
  }),
  route({
    id: 'firmwareRules.machines',
    method: 'GET',
    path: '/merchants/{id}/firmware-rules/{ruleId}/machines',
    roles: ALL_ROLES,
    feature: 'FIRMWARE_UPDATE',
    summary: 'One wave’s machines of a rule’s rollout (wave from 0), in serial order: each one’s state, the reason of a failure, when its command went out',
    request: { params: RuleParams, query: RolloutMachineQuery },
    response: RolloutMachinePage,
    errors: { 404: RULE_404 },
    handler: ({ deps, principal, params, query }) => listFirmwareRuleMachines(deps, principal, params.id, params.ruleId, query),
  }),
  change('pause', 'Pause a scheduled or running rule: no further wave is sent until it is resumed'),
  change('resume', 'Resume a paused rule where it was'),
  change('cancel', 'Cancel a rule: no further command is sent; its firmware is free to delete again'),
];
