import { CashDatabaseRule, CashDatabaseRuleCreate, CashDatabaseRuleListQuery, CashDatabaseRulePage } from '#schemas/cash-database-rule';
import { MerchantIdParams } from '#schemas/merchant';
import { ADMINS, NOT_MERCHANT_USER } from '#schemas/roles';
import { RuleParams } from '#schemas/rollout';
import { changeCashDatabaseRule, createCashDatabaseRule, getCashDatabaseRule, listCashDatabaseRules } from '../../core/cash-databases/rules';
import type { RuleAction } from '../../core/rollouts/rules';
import { routeFor } from '../../http/manifest';
import type { CashDatabaseRulesGroupDeps } from './deps';

const route = routeFor<CashDatabaseRulesGroupDeps>();

const RULE_404 = ['MerchantNotFoundException', 'RuleNotFoundException'];
const PATH = '/merchants/{id}/cash-database-rules';

/** Spec §2: /manage/cash-database-rules is not the merchant user's; rules are changed by admins, as firmware rules are. */
const change = (action: RuleAction, summary: string) =>
  route({
    id: `cashDatabaseRules.${action}`,
    method: 'POST',
    path: `${PATH}/{ruleId}/${action}`,
    roles: ADMINS,
    feature: 'CASHDB_UPDATE',
    summary,
    request: { params: RuleParams },
    response: CashDatabaseRule,
    errors: { 404: RULE_404, 409: ['RuleStatusConflictException'] },
    handler: ({ deps, principal, params }) => changeCashDatabaseRule(deps, principal, params.id, params.ruleId, action),
  });

export const routes = [
  route({
    id: 'cashDatabaseRules.list',
    method: 'GET',
    path: PATH,
    roles: NOT_MERCHANT_USER,
    feature: 'CASHDB_UPDATE',
    summary: 'A merchant’s cash database rules with their rollout progress (machines per state), newest first unless ordType=asc; filter status',
    request: { params: MerchantIdParams, query: CashDatabaseRuleListQuery },
    response: CashDatabaseRulePage,
    errors: { 404: ['MerchantNotFoundException'] },
    handler: ({ deps, principal, params, query }) => listCashDatabaseRules(deps, principal, params.id, query),
  }),
  route({
    id: 'cashDatabaseRules.create',
    method: 'POST',
    path: PATH,
    roles: ADMINS,
    feature: 'CASHDB_UPDATE',
    summary:
      'Roll a cash database out (command 16, or 18 for a peripheral’s): the target (every machine of its device type, a group, or chosen machines), the rule date, waves, the abort threshold after a minimum of machines, the per-machine timeout, an optional maintenance window. 400 CashDatabaseNotFoundException (add it first), InvalidRuleTargetException (another device type’s machines, a group or machine not of the merchant)',
    request: { params: MerchantIdParams, body: CashDatabaseRuleCreate },
    response: CashDatabaseRule,
    status: 201,
    errors: { 400: ['CashDatabaseNotFoundException', 'InvalidRuleTargetException'], 404: ['MerchantNotFoundException'] },
    handler: ({ deps, principal, params, body }) => createCashDatabaseRule(deps, principal, params.id, body),
  }),
  route({
    id: 'cashDatabaseRules.get',
    method: 'GET',
    path: `${PATH}/{ruleId}`,
    roles: NOT_MERCHANT_USER,
    feature: 'CASHDB_UPDATE',
    summary: 'One cash database rule and its progress',
    request: { params: RuleParams },
    response: CashDatabaseRule,
    errors: { 404: RULE_404 },
    handler: ({ deps, principal, params }) => getCashDatabaseRule(deps, principal, params.id, params.ruleId),
  }),
  change('pause', 'Pause a scheduled or running rule: no further wave is sent until it is resumed'),
  change('resume', 'Resume a paused rule where it was'),
  change('cancel', 'Cancel a rule: no further command is sent; its cash database is free to delete again'),
];
