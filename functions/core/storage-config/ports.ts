/** A storage config as stored: the password only sealed (SecretBox), and when it was last set. */
export interface StoredStorageConfig {
  merchantId: string;
  username: string;
  storageUrl: string;
  passwordSealed: string;
  passwordSetAt: string;
  updatedAt: string;
}

export interface StorageConfigRepository {
  get(merchantId: string): Promise<StoredStorageConfig | undefined>;
  /** Put conditioned on the version read (undefined = none yet) and on the merchant existing. */
  save(next: StoredStorageConfig, previousUpdatedAt: string | undefined): Promise<void>;
}

/** Seals secrets at rest: KMS in AWS (adapters/kms), a local key under `.local/` (adapters/crypto). */
export interface SecretBox {
  seal(plaintext: string, context: Record<string, string>): Promise<string>;
  open(sealed: string, context: Record<string, string>): Promise<string>;
}

/** Signs in to a content repository (an S3-compatible bucket URL) and says how it answered. */
export interface RepositoryProbe {
  check(storageUrl: string, credentials: { username: string; password: string }): Promise<'ok' | 'refused' | 'unreachable'>;
}
