import { SpaConfiguration } from '#schemas/spa-configuration';
import { API_PREFIX, routeFor } from '../../http/manifest';
import type { PublicDeps } from '../../runtime/base-deps';

const route = routeFor<PublicDeps>();

export const routes = [
  route({
    id: 'config.spaConfiguration',
    method: 'GET',
    path: '/spa-configuration',
    roles: 'public',
    summary: 'What the console needs before sign-in: identity provider, tenant, configuration version',
    response: SpaConfiguration,
    handler: async ({ deps: { config } }) => ({
      version: config.configVersion,
      stage: config.stage,
      tenant: config.tenant,
      defaultTenant: config.defaultTenant,
      apiBase: API_PREFIX,
      defaultLanguage: 'it',
      auth: {
        region: config.region,
        userPoolId: config.cognito.userPoolId,
        clientId: config.cognito.clientId,
        ...(config.cognito.endpoint ? { endpoint: config.cognito.endpoint } : {}),
      },
    }),
  }),
];
