/**
 * Cash database rules (spec §2 /manage/cash-database-rules; CASHDB_UPDATE, gated by the route manifest): a cash
 * database rolled out to a merchant's machines of its device type, by the rollout parts every rule kind shares
 * (core/rollouts), as firmware rules are. The rollout sends command 16, or 18 when the database is a peripheral's.
 */
import type { CashDatabaseRule, CashDatabaseRuleCreate, CashDatabaseRuleListQuery } from '#schemas/cash-database-rule';
import type { Page } from '#schemas/paging';
import { requireVisibleMerchant } from '../merchants/feature-gate';
import type { Principal } from '../shared/principal';
import { changeRule, createRule, getRule, listRules, type RuleAction, type RuleDeps, type RuleKind, type StoredRule } from '../rollouts/rules';
import type { CashDatabaseRepository } from './ports';

export interface StoredCashDatabaseRule extends StoredRule, Omit<CashDatabaseRule, keyof StoredRule> {}

export interface CashDatabaseRuleDeps extends RuleDeps<StoredCashDatabaseRule> {
  cashDatabases: Pick<CashDatabaseRepository, 'get'>;
}

/**
 * The remote command a rule's machines are sent (for the rollout engine, which adds the download link and SHA-256):
 * 16 with the version for the machine's own database, 18 with the peripheral and version for a peripheral's.
 */
export const cashDatabaseCommand = (rule: Pick<CashDatabaseRule, 'peripheral' | 'version'>) =>
  rule.peripheral
    ? { type: 18 as const, params: { peripheral: rule.peripheral, version: rule.version } }
    : { type: 16 as const, params: { version: rule.version } };

const kindOf = (deps: CashDatabaseRuleDeps, merchantId: string): RuleKind<StoredCashDatabaseRule> => ({
  entity: 'cashDatabaseRule',
  releaseField: 'cashDatabaseId',
  releaseNotFoundCode: 'CashDatabaseNotFoundException',
  release: (id) => deps.cashDatabases.get(merchantId, id),
  releaseIdOf: (rule) => rule.cashDatabaseId,
});

const view = ({ pausedFrom: _from, ...rule }: StoredCashDatabaseRule): CashDatabaseRule => rule as CashDatabaseRule;

export async function createCashDatabaseRule(
  deps: CashDatabaseRuleDeps,
  principal: Principal,
  merchantId: string,
  body: CashDatabaseRuleCreate,
): Promise<CashDatabaseRule> {
  // Read once here (inside the caller's merchants) for its peripheral too: the rule core sees it as any release.
  requireVisibleMerchant(principal, merchantId);
  const database = await deps.cashDatabases.get(merchantId, body.cashDatabaseId);
  const kind = { ...kindOf(deps, merchantId), release: async () => database };
  const rule = await createRule(deps, kind, principal, merchantId, body, body.cashDatabaseId, (base, release) => ({
    ...base,
    cashDatabaseId: release.id,
    version: release.version,
    deviceType: release.deviceType,
    peripheral: database?.peripheral ?? null,
  }));
  return view(rule);
}

export async function listCashDatabaseRules(
  deps: CashDatabaseRuleDeps,
  principal: Principal,
  merchantId: string,
  q: CashDatabaseRuleListQuery,
): Promise<Page<CashDatabaseRule>> {
  const page = await listRules(deps, principal, merchantId, q);
  return { ...page, items: page.items.map(view) };
}

export const getCashDatabaseRule = async (deps: CashDatabaseRuleDeps, principal: Principal, merchantId: string, id: string) =>
  view(await getRule(deps, principal, merchantId, id));

export const changeCashDatabaseRule = async (deps: CashDatabaseRuleDeps, principal: Principal, merchantId: string, id: string, action: RuleAction) =>
  view(await changeRule(deps, kindOf(deps, merchantId), principal, merchantId, id, action));
