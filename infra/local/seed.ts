import { randomBytes } from 'node:crypto';
import { createMasterAlarm } from '../../functions/core/alarms/master-alarms';
import { nextUpdatedAt } from '../../functions/core/devices/model';
import { newPosRecord } from '../../functions/core/devices/use-cases';
import { DuplicateGroupNameException } from '../../functions/core/groups/errors';
import { DuplicateMerchantNameException } from '../../functions/core/merchants/errors';
import { newMerchant } from '../../functions/core/merchants/merchant';
import { syncMachineStock } from '../../functions/core/stock/writes';
import { DuplicatePlanogramNameException, PlanogramProductNotFoundException } from '../../functions/core/planograms/errors';
import { ProductCodeAlreadyExistsException, ProductNameAlreadyExistsException } from '../../functions/core/products/errors';
import type { LocalRepositories } from './repositories';
import { createCognitoUser } from './emulators/cognito';
import { MERCHANT_SETTINGS_DEFAULTS } from '#schemas/merchant-settings';
import { seedDemoLicences } from './demo-licences';
import { seedDemoPrices } from './demo-prices';
import { seedDemoCatalogue } from './demo-catalogue';
import { seedDemoConfigurations } from './demo-configurations';
import { seedDemoPortals } from './demo-portal';
import {
  DEMO_ALARM_SETTINGS,
  DEMO_GROUPS,
  DEMO_MACHINES,
  DEMO_MASTER_ALARMS,
  DEMO_MAXIMUM_REFUNDS,
  DEMO_MERCHANTS,
  DEMO_PINS,
  DEMO_PLANOGRAMS,
  DEMO_PRODUCT_PARAMETERS,
  DEMO_PRODUCTS,
  DEMO_USERS,
} from './demo-data';
import type { DemoUser } from './stack-info';

/** A password that satisfies the pool policy (spec §5), different for every new local stack. */
export function demoPassword(): string {
  return `Demo-${randomBytes(6).toString('base64url').replace(/[-_]/g, 'x')}7`;
}

/**
 * Writes the demo data through the same repositories the functions use. Idempotent: merchants and
 * groups that exist are kept, users get their role and password set again. `passwords` reuses earlier ones.
 */
export async function seedDemoData(
  deps: LocalRepositories,
  cognito: { endpoint: string; userPoolId: string },
  passwords: Map<string, string> = new Map(),
): Promise<DemoUser[]> {
  for (const { id, input } of DEMO_MERCHANTS) {
    if (await deps.merchants.get(id)) continue;
    try {
      await deps.merchants.create(newMerchant(id, input, deps.now()));
    } catch (error) {
      if (!(error instanceof DuplicateMerchantNameException)) throw error;
    }
  }
  for (const { merchantId, id, name, description } of DEMO_GROUPS) {
    if (await deps.groups.get(merchantId, id)) continue;
    const now = deps.now();
    try {
      await deps.groups.create({ id, merchantId, name, description, createdAt: now, updatedAt: now });
    } catch (error) {
      if (!(error instanceof DuplicateGroupNameException)) throw error;
    }
  }
  for (const { id } of DEMO_MERCHANTS) {
    const pin = DEMO_PINS[id];
    if (!pin || (await deps.merchantSettings.getSettings(id))) continue;
    const settings = {
      ...MERCHANT_SETTINGS_DEFAULTS,
      deviceAssociationPin: pin,
      maximumRefund: DEMO_MAXIMUM_REFUNDS[id] ?? 0,
      merchantId: id,
      apiTokenHash: '',
      updatedAt: deps.now(),
    };
    await deps.merchantSettings.putSettings(settings, '');
  }
  await seedDemoMachines(deps);
  await seedDemoLicences(deps);
  await seedDemoProducts(deps);
  await seedDemoPlanograms(deps);
  await seedDemoPrices(deps);
  await seedDemoCatalogue(deps);
  await seedDemoConfigurations(deps);
  await seedDemoPortals(deps);
  for (const alarm of DEMO_MASTER_ALARMS) if (!(await deps.masterAlarms.get(alarm.code))) await createMasterAlarm(deps, alarm);
  const users: DemoUser[] = [];
  const ids = new Map<string, string>();
  for (const seed of DEMO_USERS) {
    const password = passwords.get(seed.email) ?? demoPassword();
    const sub = await createCognitoUser(cognito, { email: seed.email, password, role: seed.role });
    const existing = await deps.users.get(sub);
    const now = deps.now();
    await deps.users.put({
      id: sub,
      email: seed.email,
      role: seed.role,
      language: existing?.language ?? seed.language,
      merchantIds: seed.merchantIds,
      groupIds: seed.groupIds,
      allowLicensing: seed.role !== 'NEBULARMERCHANTUSER',
      receiveNotifications: existing?.receiveNotifications ?? true,
      ...(existing?.notificationsOffReason ? { notificationsOffReason: existing.notificationsOffReason } : {}),
      invisibleFlags: [],
      createdAt: existing?.createdAt ?? now,
      updatedAt: now,
    });
    users.push({ ...seed, password });
    ids.set(seed.email, sub);
  }
  await seedDemoAlarmSettings(deps, ids);
  return users;
}

/** The demo's alarm settings (who is told about which alarms), once: a user may change or delete them. */
async function seedDemoAlarmSettings(deps: LocalRepositories, userIds: ReadonlyMap<string, string>): Promise<void> {
  for (const { recipients, ...setting } of DEMO_ALARM_SETTINGS) {
    if (await deps.alarmSettings.get(setting.merchantId, setting.id)) continue;
    const now = deps.now();
    await deps.alarmSettings.create({ ...setting, userIds: recipients.map((email) => userIds.get(email)!), createdAt: now, updatedAt: now });
  }
}

/** The demo catalogue (custom parameters, then products), through the repositories; what exists is kept. */
export async function seedDemoProducts(deps: LocalRepositories): Promise<void> {
  for (const [merchantId, parameters] of Object.entries(DEMO_PRODUCT_PARAMETERS)) {
    if ((await deps.customParameters.get(merchantId)).updatedAt === undefined) await deps.customParameters.put(merchantId, parameters, deps.now());
  }
  await Promise.all(
    DEMO_PRODUCTS.map(async (p) => {
      if (await deps.products.get(p.merchantId, p.id)) return;
      const now = deps.now();
      try {
        await deps.products.create({ ...p, customParameters: p.customParameters ?? {}, planograms: 0, createdAt: now, updatedAt: now });
      } catch (error) {
        // A user took the code or name meanwhile (a persistent .local/): theirs stays.
        if (!(error instanceof ProductCodeAlreadyExistsException || error instanceof ProductNameAlreadyExistsException)) throw error;
      }
    }),
  );
}

/**
 * Acme's planograms, each assigned to its demo machines (stock management on) when it is created: a second start
 * keeps what users changed since.
 */
export async function seedDemoPlanograms(deps: LocalRepositories): Promise<void> {
  const serialOf = new Map(DEMO_MACHINES.map((m) => [`${m.merchantId} ${m.name}`, m.serial]));
  for (const { machines, ...p } of DEMO_PLANOGRAMS) {
    if (await deps.planograms.get(p.merchantId, p.id)) continue;
    const now = deps.now();
    try {
      await deps.planograms.create({ ...p, machines: 0, createdAt: now, updatedAt: now });
    } catch (error) {
      // A user took the name, or deleted a product it names, meanwhile (a persistent .local/): theirs stays.
      if (error instanceof DuplicatePlanogramNameException || error instanceof PlanogramProductNotFoundException) continue;
      throw error;
    }
    for (const name of machines) {
      const current = await deps.pos.get(p.merchantId, serialOf.get(`${p.merchantId} ${name}`)!);
      if (!current || current.record.planogramId) continue;
      const next = { ...current.record, planogramId: p.id, manageStock: true, updatedAt: nextUpdatedAt(deps.now(), current.record.updatedAt) };
      await deps.pos.replace(current, next);
      // Its stock record, every line at 0 until the week's first refill (demo-history.ts).
      await syncMachineStock(deps, next, now);
    }
  }
}

/** The demo machines were installed before the anomaly baselines' weeks and the demo week (their KPIs' machine-days). */
const DEMO_MACHINE_AGE_MS = 35 * 86_400_000;

/** The demo machines, through the repository (registry, record, name guard, counters); existing serials are kept. */
export async function seedDemoMachines(deps: LocalRepositories): Promise<void> {
  const now = deps.now();
  const installed = new Date(Date.parse(now) - DEMO_MACHINE_AGE_MS).toISOString();
  const warrantyEnd = `${Number(now.slice(0, 4)) + 2}${now.slice(4, 10)}`;
  await Promise.all(
    DEMO_MACHINES.map(async (m) => {
      if (await deps.pos.registration(m.serial)) return;
      await deps.pos.create({
        ...newPosRecord({ serial: m.serial, merchantId: m.merchantId, name: m.name, groupId: m.groupId, now, warrantyEnd }),
        createdAt: installed,
        hidden: m.hidden ?? false,
      });
    }),
  );
}
