/** The console's VP configurations (spec §2 devices vp/configurations, §3, §5, §8); REMOTE_CONFIGURATIONS is the route gate's. */
import type { Page } from '#schemas/paging';
import {
  VP_ID_KEY,
  VP_VERSION_KEY,
  type VpConfiguration,
  type VpConfigurationDownloadQuery,
  type VpConfigurationFile,
  type VpConfigurationInput,
  type VpConfigurationPos,
  type VpConfigurationSend,
  type VpConfigurationSendResult,
  type VpConfigurationVersion,
} from '#schemas/vp-configuration';
import { recordChange } from '../audit/change-recorder';
import { PosNotFoundException } from '../devices/errors';
import type { PosReader } from '../devices/ports';
import { requireVisiblePos } from '../devices/use-cases';
import { requireVisibleMerchant } from '../merchants/feature-gate';
import { RemoteCommandPosNotFoundException } from '../remote-commands/errors';
import type { RemoteCommandRepository } from '../remote-commands/ports';
import { sendCommand, type SendDeps } from '../remote-commands/use-cases';
import { DomainError, ValidationError } from '../shared/domain-error';
import { pageOf } from '../shared/page';
import type { Principal } from '../shared/principal';
import { groupScope } from '../shared/scope';
import { machineValues, messageSize, validContent } from './content';
import { SendVpConfigNotAllowed, VpConfigurationNotFoundException, VpConfigurationVersionNotFoundException, VpDownloadSerialMismatchException } from './errors';
import type { VpConfigurationRepository, VpDeployment } from './ports';

export interface VpConfigurationDeps {
  vpConfigurations: VpConfigurationRepository;
  newId: () => string;
  now: () => string;
}
export type VpSendDeps = VpConfigurationDeps & SendDeps & { pos: PosReader };
export type VpPosDeps = VpConfigurationDeps & { remoteCommands: Pick<RemoteCommandRepository, 'get'> };

type PageRequest = { page: number; size: number; ordType: 'asc' | 'desc'; cursor?: string };
const sliceOf = (q: PageRequest) => ({ offset: (q.page - 1) * q.size, limit: q.size, ordType: q.ordType, cursor: q.cursor });

export async function listVpConfigurations(
  deps: VpConfigurationDeps,
  principal: Principal,
  merchantId: string,
  q: PageRequest,
): Promise<Page<VpConfiguration>> {
  requireVisibleMerchant(principal, merchantId);
  const [slice, total] = await Promise.all([deps.vpConfigurations.listSlice(merchantId, sliceOf(q)), deps.vpConfigurations.count(merchantId)]);
  return pageOf(q, slice, total);
}

/** Merchant-wide like clients: every role of the merchant sees every configuration (a group admin too). */
export async function getVpConfiguration(deps: VpConfigurationDeps, principal: Principal, merchantId: string, id: string): Promise<VpConfiguration> {
  requireVisibleMerchant(principal, merchantId);
  const configuration = await deps.vpConfigurations.get(merchantId, id);
  if (!configuration) throw new VpConfigurationNotFoundException();
  return configuration;
}

const versionOf = (c: VpConfiguration): VpConfigurationVersion => ({
  configurationId: c.id,
  version: c.version,
  name: c.name,
  deviceType: c.deviceType,
  content: c.content,
  bytes: c.bytes,
  savedAt: c.updatedAt,
  savedBy: c.updatedBy,
});

/** Content checked (VpConfigNotValidException), its command within 64 KB (MessageTooLargeException), the name unique (DuplicateVpConfigNameException). */
export async function createVpConfiguration(
  deps: VpConfigurationDeps,
  principal: Principal,
  merchantId: string,
  input: VpConfigurationInput,
): Promise<VpConfiguration> {
  requireVisibleMerchant(principal, merchantId);
  const content = validContent(input.content);
  const now = deps.now();
  const id = deps.newId();
  const configuration: VpConfiguration = {
    id,
    merchantId,
    name: input.name,
    deviceType: input.deviceType,
    content,
    version: 1,
    bytes: messageSize(id, 1, content, now),
    createdAt: now,
    createdBy: principal.email,
    updatedAt: now,
    updatedBy: principal.email,
  };
  await deps.vpConfigurations.create(configuration, versionOf(configuration));
  return configuration;
}

/** A save is a new version; the earlier ones stay readable. Two saves of the same version: the second is VpConfigChangedConcurrentlyException. */
export async function updateVpConfiguration(
  deps: VpConfigurationDeps,
  principal: Principal,
  merchantId: string,
  id: string,
  input: VpConfigurationInput,
): Promise<VpConfiguration> {
  const current = await getVpConfiguration(deps, principal, merchantId, id);
  const content = validContent(input.content);
  const now = deps.now();
  const version = current.version + 1;
  const next: VpConfiguration = {
    ...current,
    name: input.name,
    deviceType: input.deviceType,
    content,
    version,
    bytes: messageSize(id, version, content, now),
    updatedAt: now > current.updatedAt ? now : current.updatedAt,
    updatedBy: principal.email,
  };
  await deps.vpConfigurations.update(current, next, versionOf(next));
  return next;
}

export async function listVpConfigurationVersions(
  deps: VpConfigurationDeps,
  principal: Principal,
  merchantId: string,
  id: string,
  q: PageRequest,
): Promise<Page<VpConfigurationVersion>> {
  const current = await getVpConfiguration(deps, principal, merchantId, id);
  const slice = await deps.vpConfigurations.versionsSlice(merchantId, id, sliceOf(q));
  // Versions are never deleted: there are as many as the current version's number.
  return pageOf(q, slice, current.version);
}

export async function getVpConfigurationVersion(
  deps: VpConfigurationDeps,
  principal: Principal,
  merchantId: string,
  id: string,
  version: number,
): Promise<VpConfigurationVersion> {
  await getVpConfiguration(deps, principal, merchantId, id);
  const found = await deps.vpConfigurations.version(merchantId, id, version);
  if (!found) throw new VpConfigurationVersionNotFoundException();
  return found;
}

const typeOf = (serial: string) => serial.split('-')[0]!;

/**
 * POST …/send: the current version to each machine by remote command 13 (the remote commands' path: one pending command
 * of a type per machine, 64 KB, publish, acknowledgements). Every machine is checked first, nothing is sent when one is
 * not the merchant's (404) or of another device type (SendVpConfigNotAllowed naming it); then a machine whose command
 * cannot be stored or published is reported in `failed` and the others are sent.
 */
export async function sendVpConfiguration(
  deps: VpSendDeps,
  principal: Principal,
  merchantId: string,
  id: string,
  body: VpConfigurationSend,
): Promise<VpConfigurationSendResult> {
  const configuration = await getVpConfiguration(deps, principal, merchantId, id);
  const wrongType = body.serials.flatMap((serial, i) =>
    typeOf(serial) === configuration.deviceType
      ? []
      : [{ path: `body.serials.${i}`, message: `a ${typeOf(serial)} machine cannot take a ${configuration.deviceType} configuration` }],
  );
  if (wrongType.length) throw new SendVpConfigNotAllowed(wrongType);
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
  const values = machineValues(configuration.id, configuration.version, configuration.content);
  const result: VpConfigurationSendResult = { version: configuration.version, sent: [], failed: [] };
  for (const record of machines) {
    try {
      const command = await sendCommand(deps, principal, { serial: record.serial, type: 13, params: { values }, scheduledAt: null }, undefined, async (c) => {
        const deployment: VpDeployment = {
          configurationId: configuration.id,
          serial: record.serial,
          posName: record.name,
          groupId: record.groupId,
          sentVersion: configuration.version,
          sentAt: c.createdAt,
          sentBy: principal.email,
          commandId: c.id,
        };
        await deps.vpConfigurations.recordSend(merchantId, deployment);
        recordChange('vpConfigurationPos', `${configuration.id}/${record.serial}`, undefined, deployment);
      });
      result.sent.push({ serial: record.serial, commandId: command.id });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      result.failed.push({ serial: record.serial, code: error.code });
    }
  }
  return result;
}

/** GET …/pos: the machines the configuration was last sent to, the version sent, its command's status and the version each reports it runs. */
export async function listVpConfigurationPos(
  deps: VpPosDeps,
  principal: Principal,
  merchantId: string,
  id: string,
  q: PageRequest,
): Promise<Page<VpConfigurationPos>> {
  await getVpConfiguration(deps, principal, merchantId, id);
  const scope = groupScope(principal, merchantId);
  // A group admin: the machines sent while in its groups (a machine regrouped since stays where it was sent).
  const groupIds = scope.kind === 'groups' ? scope.groupIds : undefined;
  if (groupIds?.length === 0) return pageOf(q, { items: [] }, 0);
  const [slice, total] = await Promise.all([
    deps.vpConfigurations.deploymentsSlice(merchantId, id, sliceOf(q), groupIds),
    deps.vpConfigurations.deploymentsCount(merchantId, id, groupIds),
  ]);
  const deployments = slice.items;
  const [reported, commands] = await Promise.all([
    deps.vpConfigurations.reported(
      merchantId,
      deployments.map((d) => d.serial),
    ),
    Promise.all(deployments.map((d) => deps.remoteCommands.get(merchantId, d.serial, d.commandId))),
  ]);
  const items = deployments.map((d, i): VpConfigurationPos => {
    const report = reported.get(d.serial);
    const runs = report && report.values[VP_ID_KEY] === id ? Number(report.values[VP_VERSION_KEY]) : NaN;
    return {
      serial: d.serial,
      posName: d.posName,
      sentVersion: d.sentVersion,
      sentAt: d.sentAt,
      sentBy: d.sentBy,
      commandId: d.commandId,
      commandStatus: commands[i]?.status ?? null,
      runningVersion: Number.isInteger(runs) ? runs : null,
      reportedAt: report && Number.isInteger(runs) ? report.reportedAt : null,
    };
  });
  return pageOf(q, { items, ...(slice.cursor ? { cursor: slice.cursor } : {}) }, total);
}

const slug = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[\s_]+/g, '-')
    .toLowerCase()
    .slice(0, 60) || 'vp-configuration';

/** GET …/download: a version as the file a machine takes from a USB key, bound by the spec's options. */
export async function downloadVpConfiguration(
  deps: VpConfigurationDeps,
  principal: Principal,
  merchantId: string,
  id: string,
  q: VpConfigurationDownloadQuery,
): Promise<{ fileName: string; body: string }> {
  const current = await getVpConfiguration(deps, principal, merchantId, id);
  const v = q.version === undefined || q.version === current.version ? current : await getVpConfigurationVersion(deps, principal, merchantId, id, q.version);
  if (q.deviceSerial && typeOf(q.deviceSerial) !== v.deviceType) throw new VpDownloadSerialMismatchException(v.deviceType);
  if (q.expiresOn && q.expiresOn < deps.now().slice(0, 10))
    throw new ValidationError('ValidationException', 'The expiration date has passed', [{ path: 'query.expiresOn', message: 'must not be before today' }]);
  const file: VpConfigurationFile = {
    format: 'vp-configuration/1',
    name: v.name,
    version: v.version,
    ...(q.includeDeviceType ? { deviceType: v.deviceType } : {}),
    ...(q.expiresOn ? { expiresOn: q.expiresOn } : {}),
    ...(q.deviceSerial ? { deviceSerial: q.deviceSerial } : {}),
    ...(q.usbSerial ? { usbSerial: q.usbSerial } : {}),
    generatedAt: deps.now(),
    values: machineValues(id, v.version, v.content),
  };
  return { fileName: `${slug(v.name)}-v${v.version}.vpc.json`, body: `${JSON.stringify(file, null, 2)}\n` };
}
