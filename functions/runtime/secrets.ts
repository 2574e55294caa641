import { localSecretBox } from '../adapters/crypto/local-secret-box';
import { kmsSecretBox } from '../adapters/kms/secret-box';
import type { SecretBox } from '../core/storage-config/ports';

/**
 * The SecretBox of a function with `sealSecrets` access: the stage's KMS key in AWS (STORAGE_SECRETS_KEY_ID, set by
 * CDK), the local stack's key under `.local/` (STORAGE_SECRETS_LOCAL_KEY) on the embedded stack.
 */
export function secretBox(env: NodeJS.ProcessEnv = process.env): SecretBox {
  if (env.STORAGE_SECRETS_KEY_ID) return kmsSecretBox({ region: env.AWS_REGION ?? 'eu-west-1', keyId: env.STORAGE_SECRETS_KEY_ID });
  if (env.STORAGE_SECRETS_LOCAL_KEY) return localSecretBox(Buffer.from(env.STORAGE_SECRETS_LOCAL_KEY, 'base64url'));
  throw new Error('missing environment variable STORAGE_SECRETS_KEY_ID');
}
