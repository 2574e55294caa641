import { MerchantIdParams } from '#schemas/merchant-summary';
import { ADMINS } from '#schemas/roles';
import {
  ScreenConfiguration,
  ScreenConfigurationInput,
  ScreenConfigurationListQuery,
  ScreenConfigurationPage,
  ScreenConfigurationParams,
  ScreenConfigurationSend,
  ScreenConfigurationSendResult,
} from '#schemas/screen-configuration';
import {
  createScreenConfiguration,
  getScreenConfiguration,
  listScreenConfigurations,
  sendScreenConfiguration,
  updateScreenConfiguration,
} from '../../core/screen-configurations/use-cases';
import { routeFor } from '../../http/manifest';
import type { ScreenConfigurationsGroupDeps } from './deps';

const route = routeFor<ScreenConfigurationsGroupDeps>();

const PATH = '/merchants/{id}/screen-configurations';
const NOT_ENABLED = { 403: ['ScreenConfigurationNotEnabledException'] };
const NOT_FOUND = ['MerchantNotFoundException', 'ScreenConfigurationNotFoundException'];

/** Every route answers 403 ScreenConfigurationNotEnabledException for a merchant without screen configuration management (its merchant setting). */
export const routes = [
  route({
    id: 'screenConfigurations.list',
    method: 'GET',
    path: PATH,
    roles: ADMINS,
    summary: 'The merchant’s screen configurations by name, a page (merchants with screen configuration management)',
    request: { params: MerchantIdParams, query: ScreenConfigurationListQuery },
    response: ScreenConfigurationPage,
    errors: { ...NOT_ENABLED, 404: ['MerchantNotFoundException'] },
    handler: ({ deps, principal, params, query }) => listScreenConfigurations(deps, principal, params.id, query),
  }),
  route({
    id: 'screenConfigurations.create',
    method: 'POST',
    path: PATH,
    roles: ADMINS,
    summary:
      'Create a screen configuration: orientation, theme, idle time, welcome text, slides; 409 DuplicateScreenConfigurationNameException for a name the merchant has',
    request: { params: MerchantIdParams, body: ScreenConfigurationInput },
    response: ScreenConfiguration,
    status: 201,
    errors: { ...NOT_ENABLED, 404: ['MerchantNotFoundException'], 409: ['DuplicateScreenConfigurationNameException'] },
    handler: ({ deps, principal, params, body }) => createScreenConfiguration(deps, principal, params.id, body),
  }),
  route({
    id: 'screenConfigurations.get',
    method: 'GET',
    path: `${PATH}/{configurationId}`,
    roles: ADMINS,
    summary: 'One screen configuration',
    request: { params: ScreenConfigurationParams },
    response: ScreenConfiguration,
    errors: { ...NOT_ENABLED, 404: NOT_FOUND },
    handler: ({ deps, principal, params }) => getScreenConfiguration(deps, principal, params.id, params.configurationId),
  }),
  route({
    id: 'screenConfigurations.update',
    method: 'PUT',
    path: `${PATH}/{configurationId}`,
    roles: ADMINS,
    summary: 'Replace a screen configuration (the checks of create)',
    request: { params: ScreenConfigurationParams, body: ScreenConfigurationInput },
    response: ScreenConfiguration,
    errors: { ...NOT_ENABLED, 404: NOT_FOUND, 409: ['DuplicateScreenConfigurationNameException'] },
    handler: ({ deps, principal, params, body }) => updateScreenConfiguration(deps, principal, params.id, params.configurationId, body),
  }),
  route({
    id: 'screenConfigurations.send',
    method: 'POST',
    path: `${PATH}/{configurationId}/send`,
    roles: ADMINS,
    summary:
      'Send the screen configuration to machines of the merchant by remote command 7 (through the remote commands); 404 RemoteCommandPosNotFoundException for a machine not of the merchant (nothing is sent). A machine whose command cannot be stored or published is listed in `failed` with the code',
    request: { params: ScreenConfigurationParams, body: ScreenConfigurationSend },
    response: ScreenConfigurationSendResult,
    errors: { ...NOT_ENABLED, 404: [...NOT_FOUND, 'RemoteCommandPosNotFoundException'] },
    handler: ({ deps, principal, params, body }) => sendScreenConfiguration(deps, principal, params.id, params.configurationId, body),
  }),
];
