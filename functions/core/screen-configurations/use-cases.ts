/** Screen configurations (spec §2 manage screen-configurations): for merchants with screen configuration management; sent by remote command 7. */
import type { Page } from '#schemas/paging';
import type { ScreenConfiguration, ScreenConfigurationInput, ScreenConfigurationSend, ScreenConfigurationSendResult } from '#schemas/screen-configuration';
import { PosNotFoundException } from '../devices/errors';
import type { PosReader } from '../devices/ports';
import { requireVisiblePos } from '../devices/use-cases';
import { MerchantNotFoundException } from '../merchants/errors';
import { requireVisibleMerchant } from '../merchants/feature-gate';
import type { MerchantRepository } from '../merchants/ports';
import { RemoteCommandPosNotFoundException } from '../remote-commands/errors';
import { sendCommand, type SendDeps } from '../remote-commands/use-cases';
import { DomainError } from '../shared/domain-error';
import { pageOf } from '../shared/page';
import type { Principal } from '../shared/principal';
import { ScreenConfigurationNotEnabledException, ScreenConfigurationNotFoundException } from './errors';
import type { ScreenConfigurationRepository } from './ports';

export interface ScreenConfigurationDeps {
  screenConfigurations: ScreenConfigurationRepository;
  merchants: Pick<MerchantRepository, 'get'>;
  newId: () => string;
  now: () => string;
}
export type ScreenSendDeps = ScreenConfigurationDeps & SendDeps & { pos: PosReader };

type PageRequest = { page: number; size: number; ordType: 'asc' | 'desc'; cursor?: string };

/** The merchant is the caller's (404 otherwise) and has screen configuration management (403 otherwise). */
async function requireScreenMerchant(deps: Pick<ScreenConfigurationDeps, 'merchants'>, principal: Principal, merchantId: string): Promise<void> {
  requireVisibleMerchant(principal, merchantId);
  const merchant = await deps.merchants.get(merchantId);
  if (!merchant) throw new MerchantNotFoundException();
  if (!merchant.screenConfigurationManagement) throw new ScreenConfigurationNotEnabledException();
}

export async function listScreenConfigurations(
  deps: ScreenConfigurationDeps,
  principal: Principal,
  merchantId: string,
  q: PageRequest,
): Promise<Page<ScreenConfiguration>> {
  await requireScreenMerchant(deps, principal, merchantId);
  const [slice, total] = await Promise.all([
    deps.screenConfigurations.listSlice(merchantId, { offset: (q.page - 1) * q.size, limit: q.size, ordType: q.ordType, cursor: q.cursor }),
    deps.screenConfigurations.count(merchantId),
  ]);
  return pageOf(q, slice, total);
}

export async function getScreenConfiguration(
  deps: ScreenConfigurationDeps,
  principal: Principal,
  merchantId: string,
  id: string,
): Promise<ScreenConfiguration> {
  await requireScreenMerchant(deps, principal, merchantId);
  const found = await deps.screenConfigurations.get(merchantId, id);
  if (!found) throw new ScreenConfigurationNotFoundException();
  return found;
}

export async function createScreenConfiguration(
  deps: ScreenConfigurationDeps,
  principal: Principal,
  merchantId: string,
  input: ScreenConfigurationInput,
): Promise<ScreenConfiguration> {
  await requireScreenMerchant(deps, principal, merchantId);
  const now = deps.now();
  const configuration: ScreenConfiguration = { ...input, id: deps.newId(), merchantId, createdAt: now, updatedAt: now, updatedBy: principal.email };
  await deps.screenConfigurations.create(configuration);
  return configuration;
}

export async function updateScreenConfiguration(
  deps: ScreenConfigurationDeps,
  principal: Principal,
  merchantId: string,
  id: string,
  input: ScreenConfigurationInput,
): Promise<ScreenConfiguration> {
  const current = await getScreenConfiguration(deps, principal, merchantId, id);
  const now = deps.now();
  const next: ScreenConfiguration = { ...current, ...input, updatedAt: now > current.updatedAt ? now : current.updatedAt, updatedBy: principal.email };
  await deps.screenConfigurations.update(current, next);
  return next;
}

/** POST …/send: the configuration to each machine of the merchant by remote command 7; the machines are all checked before any is sent. */
export async function sendScreenConfiguration(
  deps: ScreenSendDeps,
  principal: Principal,
  merchantId: string,
  id: string,
  body: ScreenConfigurationSend,
): Promise<ScreenConfigurationSendResult> {
  const c = await getScreenConfiguration(deps, principal, merchantId, id);
  const machines = await Promise.all(
    body.serials.map(async (serial) => {
      try {
        const { record } = await requireVisiblePos(deps, principal, serial);
        if (record.merchantId !== merchantId) throw new PosNotFoundException();
        return record;
      } catch (error) {
        if (error instanceof PosNotFoundException) throw new RemoteCommandPosNotFoundException();
        throw error;
      }
    }),
  );
  const result: ScreenConfigurationSendResult = { sent: [], failed: [] };
  for (const record of machines) {
    try {
      const command = await sendCommand(deps, principal, { serial: record.serial, type: 7, params: { configurationId: c.id }, scheduledAt: null });
      result.sent.push({ serial: record.serial, commandId: command.id });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      result.failed.push({ serial: record.serial, code: error.code });
    }
  }
  return result;
}
