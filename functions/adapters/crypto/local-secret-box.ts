import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { SecretBox } from '../../core/storage-config/ports';

const PREFIX = 'local:v1:';

/** The context as authenticated data: the same pairs in any order give the same bytes. */
const aad = (context: Record<string, string>) => Buffer.from(JSON.stringify(Object.entries(context).sort(([a], [b]) => (a < b ? -1 : 1))));

/**
 * The local stack's SecretBox: AES-256-GCM under a key kept under `.local/` (the stack makes it once), the context
 * authenticated with the sealed value, as KMS's encryption context is. AWS stages use KMS (adapters/kms).
 */
export function localSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('the local secrets key must be 32 bytes');
  return {
    async seal(plaintext, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(aad(context));
      const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return `${PREFIX}${iv.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}.${sealed.toString('base64url')}`;
    },
    async open(sealed, context) {
      if (!sealed.startsWith(PREFIX)) throw new Error('not a locally sealed value');
      const [iv, tag, data] = sealed
        .slice(PREFIX.length)
        .split('.')
        .map((part) => Buffer.from(part, 'base64url'));
      const decipher = createDecipheriv('aes-256-gcm', key, iv!);
      decipher.setAAD(aad(context));
      decipher.setAuthTag(tag!);
      return Buffer.concat([decipher.update(data!), decipher.final()]).toString('utf8');
    },
  };
}
