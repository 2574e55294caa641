import type { IdentityProvider } from '../core/users/ports';
import { CognitoIdentityProvider } from '../adapters/cognito/identity-provider';
import { getDeps } from './composition';

let provider: { poolId: string; endpoint?: string; identity: IdentityProvider } | undefined;

/**
 * The identity provider (Cognito), built once per process. Kept out of the shared composition root so
 * that only the functions that administer identities bundle the Cognito SDK.
 */
export function identityProvider(): IdentityProvider {
  const { config } = getDeps();
  const { userPoolId, endpoint } = config.cognito;
  if (provider?.poolId !== userPoolId || provider.endpoint !== endpoint) {
    provider = { poolId: userPoolId, endpoint, identity: new CognitoIdentityProvider({ userPoolId, region: config.region, endpoint }) };
  }
  return provider.identity;
}
