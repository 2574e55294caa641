import type { IdentityProvider } from '../core/users/ports';
import { CognitoIdentityProvider } from '../adapters/cognito/identity-provider';
import { getDeps } from './composition';

let provider: IdentityProvider | undefined;

/**
 * The identity provider (Cognito), built once per process. Kept out of the shared composition root so
 * that only the functions that administer identities bundle the Cognito SDK.
 */
export function identityProvider(): IdentityProvider {
  const { config } = getDeps();
  provider ??= new CognitoIdentityProvider({ userPoolId: config.cognito.userPoolId, region: config.region, endpoint: config.cognito.endpoint });
  return provider;
}
