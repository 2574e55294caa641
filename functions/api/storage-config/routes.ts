import { ADMINS } from '#schemas/roles';
import { StorageConfig, StorageConfigInput, StorageConfigQuery, StorageConfigTestResult } from '#schemas/storage-config';
import { getStorageConfig, saveStorageConfig, testStorageConfig } from '../../core/storage-config/use-cases';
import { routeFor } from '../../http/manifest';
import type { StorageConfigGroupDeps } from './deps';

const route = routeFor<StorageConfigGroupDeps>();

/** A merchant's storage config (spec §2 /manage/storageconfig: super admin and merchant admin). */
export const routes = [
  route({
    id: 'storageConfig.get',
    method: 'GET',
    path: '/screen-configurations/storageconfig',
    roles: ADMINS,
    summary: 'The merchant’s storage config: username, storage URL and whether a password is set (the password is never answered)',
    request: { query: StorageConfigQuery },
    response: StorageConfig,
    errors: { 404: ['MerchantNotFoundException'] },
    handler: ({ deps, principal, query }) => getStorageConfig(deps, principal, query.merchantId),
  }),
  route({
    id: 'storageConfig.save',
    method: 'PUT',
    path: '/screen-configurations/storageconfig',
    roles: ADMINS,
    summary:
      'Save the storage config: username, storage URL (http or https) and, to change it, the password (required the first time; stored encrypted, write-only; the audit trail records only that it changed)',
    request: { query: StorageConfigQuery, body: StorageConfigInput },
    response: StorageConfig,
    errors: { 400: ['StoragePasswordRequiredException'], 404: ['MerchantNotFoundException'], 409: ['StorageConfigChangedConcurrentlyException'] },
    handler: ({ deps, principal, query, body }) => saveStorageConfig(deps, principal, query.merchantId, body),
  }),
  route({
    id: 'storageConfig.test',
    method: 'POST',
    path: '/screen-configurations/storageconfig/test',
    roles: ADMINS,
    summary:
      'Sign in to the repository with the saved credentials (S3-compatible: a signed listing of at most one key); refused or no answer → 400 RepositoryAuthenticationFailedException',
    request: { query: StorageConfigQuery },
    response: StorageConfigTestResult,
    errors: { 400: ['RepositoryAuthenticationFailedException'], 404: ['MerchantNotFoundException'] },
    handler: ({ deps, principal, query }) => testStorageConfig(deps, principal, query.merchantId),
  }),
];
