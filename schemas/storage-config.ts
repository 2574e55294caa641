/**
 * A merchant's storage config (spec §2 /manage/storageconfig, super admin and merchant admin; §3 username, password,
 * storage URL; §7 /screen-configurations/storageconfig): where its screens' content repository is and how to sign in
 * to it. The password is write-only: stored encrypted (KMS in AWS, a local key locally), never answered nor logged.
 *
 * - GET /screen-configurations/storageconfig?merchantId=m: username, URL and whether a password is set.
 * - PUT: username, URL and, to change it, the password (required the first time).
 * - POST …/storageconfig/test: signs in to the repository with the saved credentials; a refusal answers 400
 *   RepositoryAuthenticationFailedException (spec §8 "repository authentication failed").
 */
import * as z from 'zod/mini';
import { MerchantId } from './merchant-summary';

export const StorageConfigQuery = z.strictObject({ merchantId: MerchantId });

export const StorageConfigInput = z.strictObject({
  username: z.string().check(z.trim(), z.minLength(1, 'username is required'), z.maxLength(128, 'username: at most 128 characters')),
  /** Absent: keep the saved one. */
  password: z.optional(z.string().check(z.minLength(1, 'password is required'), z.maxLength(256, 'password: at most 256 characters'))),
  storageUrl: z.url({ protocol: /^https?$/, error: 'storageUrl must be an http or https URL' }).check(z.maxLength(500, 'storageUrl: at most 500 characters')),
});
export type StorageConfigInput = z.infer<typeof StorageConfigInput>;

export const StorageConfig = z.object({
  merchantId: z.string(),
  username: z.string(),
  storageUrl: z.string(),
  passwordSet: z.boolean(),
  configured: z.boolean(),
  updatedAt: z.string(),
});
export type StorageConfig = z.infer<typeof StorageConfig>;

export const StorageConfigTestResult = z.object({ ok: z.literal(true), testedAt: z.string() });
