import { MerchantIdParams } from '#schemas/merchant-summary';
import { ALL_ROLES, NOT_MERCHANT_USER } from '#schemas/roles';
import {
  VpConfiguration,
  VpConfigurationDownloadQuery,
  VpConfigurationFile,
  VpConfigurationInput,
  VpConfigurationListQuery,
  VpConfigurationPage,
  VpConfigurationParams,
  VpConfigurationPosPage,
  VpConfigurationPosQuery,
  VpConfigurationSend,
  VpConfigurationSendResult,
  VpConfigurationVersion,
  VpConfigurationVersionPage,
  VpConfigurationVersionParams,
  VpConfigurationVersionQuery,
} from '#schemas/vp-configuration';
import {
  createVpConfiguration,
  downloadVpConfiguration,
  getVpConfiguration,
  getVpConfigurationVersion,
  listVpConfigurationPos,
  listVpConfigurations,
  listVpConfigurationVersions,
  sendVpConfiguration,
  updateVpConfiguration,
} from '../../core/vp-configurations/use-cases';
import { attachment, routeFor } from '../../http/manifest';
import type { VpConfigurationsGroupDeps } from './deps';

const route = routeFor<VpConfigurationsGroupDeps>();

const FEATURE = 'REMOTE_CONFIGURATIONS' as const;
const PATH = '/merchants/{id}/vp/configurations';
const NOT_FOUND = { 404: ['MerchantNotFoundException', 'VpConfigurationNotFoundException'] };
const SAVE_ERRORS = {
  400: ['VpConfigNotValidException'],
  ...NOT_FOUND,
  409: ['DuplicateVpConfigNameException'],
  413: ['MessageTooLargeException'],
};

export const routes = [
  route({
    id: 'vpConfigurations.list',
    method: 'GET',
    path: PATH,
    roles: ALL_ROLES,
    feature: FEATURE,
    summary: 'The merchant’s visual programmer configurations by name, a page',
    request: { params: MerchantIdParams, query: VpConfigurationListQuery },
    response: VpConfigurationPage,
    errors: { 404: ['MerchantNotFoundException'] },
    handler: ({ deps, principal, params, query }) => listVpConfigurations(deps, principal, params.id, query),
  }),
  route({
    id: 'vpConfigurations.create',
    method: 'POST',
    path: PATH,
    roles: NOT_MERCHANT_USER,
    feature: FEATURE,
    summary:
      'Create a VP configuration (version 1) for one vending device type. `content` follows the VpConfigContent schema (display, telemetry, audit, parameters): otherwise 400 VpConfigNotValidException naming the fields; 409 DuplicateVpConfigNameException for a name the merchant has; 413 MessageTooLargeException when command 13 carrying it would exceed 64 KB',
    request: { params: MerchantIdParams, body: VpConfigurationInput },
    response: VpConfiguration,
    status: 201,
    errors: SAVE_ERRORS,
    handler: ({ deps, principal, params, body }) => createVpConfiguration(deps, principal, params.id, body),
  }),
  route({
    id: 'vpConfigurations.get',
    method: 'GET',
    path: `${PATH}/{configurationId}`,
    roles: ALL_ROLES,
    feature: FEATURE,
    summary: 'One VP configuration: its current version',
    request: { params: VpConfigurationParams },
    response: VpConfiguration,
    errors: NOT_FOUND,
    handler: ({ deps, principal, params }) => getVpConfiguration(deps, principal, params.id, params.configurationId),
  }),
  route({
    id: 'vpConfigurations.update',
    method: 'PUT',
    path: `${PATH}/{configurationId}`,
    roles: NOT_MERCHANT_USER,
    feature: FEATURE,
    summary:
      'Save a new version of a VP configuration (the earlier ones stay readable); the checks of create, and 409 VpConfigChangedConcurrentlyException when another save made that version first',
    request: { params: VpConfigurationParams, body: VpConfigurationInput },
    response: VpConfiguration,
    errors: { ...SAVE_ERRORS, 409: ['DuplicateVpConfigNameException', 'VpConfigChangedConcurrentlyException'] },
    handler: ({ deps, principal, params, body }) => updateVpConfiguration(deps, principal, params.id, params.configurationId, body),
  }),
  route({
    id: 'vpConfigurations.versions',
    method: 'GET',
    path: `${PATH}/{configurationId}/historical`,
    roles: ALL_ROLES,
    feature: FEATURE,
    summary: 'The versions of a VP configuration, newest first unless ordType=asc',
    request: { params: VpConfigurationParams, query: VpConfigurationVersionQuery },
    response: VpConfigurationVersionPage,
    errors: NOT_FOUND,
    handler: ({ deps, principal, params, query }) => listVpConfigurationVersions(deps, principal, params.id, params.configurationId, query),
  }),
  route({
    id: 'vpConfigurations.version',
    method: 'GET',
    path: `${PATH}/{configurationId}/historical/{version}`,
    roles: ALL_ROLES,
    feature: FEATURE,
    summary: 'One version of a VP configuration as it was saved',
    request: { params: VpConfigurationVersionParams },
    response: VpConfigurationVersion,
    errors: { 404: [...NOT_FOUND[404], 'VpConfigurationVersionNotFoundException'] },
    handler: ({ deps, principal, params }) => getVpConfigurationVersion(deps, principal, params.id, params.configurationId, params.version),
  }),
  route({
    id: 'vpConfigurations.send',
    method: 'POST',
    path: `${PATH}/{configurationId}/send`,
    roles: NOT_MERCHANT_USER,
    feature: FEATURE,
    summary:
      'Send the current version to machines by remote command 13 (one command each, through the remote commands). 403 SendVpConfigNotAllowed when a machine is of another device type (nothing is sent) or the merchant has not got REMOTE_CONFIGURATIONS; 404 RemoteCommandPosNotFoundException for a machine not of the merchant. A machine whose command cannot be stored or published (e.g. one pending already) is listed in `failed` with the code',
    request: { params: VpConfigurationParams, body: VpConfigurationSend },
    response: VpConfigurationSendResult,
    errors: { 403: ['SendVpConfigNotAllowed'], 404: [...NOT_FOUND[404], 'RemoteCommandPosNotFoundException'] },
    handler: ({ deps, principal, params, body }) => sendVpConfiguration(deps, principal, params.id, params.configurationId, body),
  }),
  route({
    id: 'vpConfigurations.download',
    method: 'GET',
    path: `${PATH}/{configurationId}/download`,
    roles: ALL_ROLES,
    feature: FEATURE,
    summary:
      'A version (the current one by default) as the file a machine takes from a USB key, bound by the spec’s options: expiration date, device serial (CENG-00000001: 400 naming deviceSerial otherwise, or when of another device type), USB serial, include device type',
    request: { params: VpConfigurationParams, query: VpConfigurationDownloadQuery },
    response: VpConfigurationFile,
    produces: 'application/json',
    errors: { 404: [...NOT_FOUND[404], 'VpConfigurationVersionNotFoundException'] },
    handler: async ({ deps, principal, params, query }) => {
      const file = await downloadVpConfiguration(deps, principal, params.id, params.configurationId, query);
      return attachment(file.fileName, file.body, 'application/json');
    },
  }),
  route({
    id: 'vpConfigurations.pos',
    method: 'GET',
    path: `${PATH}/{configurationId}/pos`,
    roles: NOT_MERCHANT_USER,
    feature: FEATURE,
    summary:
      'The machines the configuration was last sent to, by serial: the version sent, its command’s status, and the version each machine reports it runs (null until it does)',
    request: { params: VpConfigurationParams, query: VpConfigurationPosQuery },
    response: VpConfigurationPosPage,
    errors: NOT_FOUND,
    handler: ({ deps, principal, params, query }) => listVpConfigurationPos(deps, principal, params.id, params.configurationId, query),
  }),
];
