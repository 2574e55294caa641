import {
  CASH_DATABASE_MAX_BYTES,
  CashDatabase,
  CashDatabaseCreate,
  CashDatabaseListQuery,
  CashDatabasePage,
  CashDatabaseParams,
  CashDatabaseUpdate,
  CashDatabaseUploadRequest,
} from '#schemas/cash-database';
import { MerchantIdParams } from '#schemas/merchant';
import { ReleaseUpload } from '#schemas/release-file';
import { ALL_ROLES } from '#schemas/roles';
import {
  cashDatabaseDownload,
  createCashDatabase,
  deleteCashDatabase,
  getCashDatabase,
  listCashDatabases,
  requestCashDatabaseUpload,
  updateCashDatabase,
} from '../../core/cash-databases/use-cases';
import { redirect, routeFor } from '../../http/manifest';
import type { CashDatabasesGroupDeps } from './deps';

const route = routeFor<CashDatabasesGroupDeps>();

const ONE_404 = ['MerchantNotFoundException', 'CashDatabaseNotFoundException'];
const PATH = '/merchants/{id}/cash-databases';
const ONE = `${PATH}/{cashDatabaseId}`;

/** Spec §2: /manage/cash-database, its create and {id} screens are every role's. */
export const routes = [
  route({
    id: 'cashDatabases.list',
    method: 'GET',
    path: PATH,
    roles: ALL_ROLES,
    feature: 'CASHDB_UPDATE',
    summary: 'A merchant’s cash databases, newest first unless ordType=asc; filter deviceType (what a cash database rule can roll out)',
    request: { params: MerchantIdParams, query: CashDatabaseListQuery },
    response: CashDatabasePage,
    errors: { 404: ['MerchantNotFoundException'] },
    handler: ({ deps, principal, params, query }) => listCashDatabases(deps, principal, params.id, query),
  }),
  route({
    id: 'cashDatabases.upload',
    method: 'POST',
    path: `${PATH}/uploads`,
    roles: ALL_ROLES,
    feature: 'CASHDB_UPDATE',
    summary: `An upload link for a cash database file (zip, gzip or tar, at most ${CASH_DATABASE_MAX_BYTES} bytes): PUT the file to it with its headers, then create the cash database with the upload id`,
    request: { params: MerchantIdParams, body: CashDatabaseUploadRequest },
    response: ReleaseUpload,
    status: 201,
    errors: { 404: ['MerchantNotFoundException'] },
    handler: ({ deps, principal, params, body }) => requestCashDatabaseUpload(deps, principal, params.id, body),
  }),
  route({
    id: 'cashDatabases.create',
    method: 'POST',
    path: PATH,
    roles: ALL_ROLES,
    feature: 'CASHDB_UPDATE',
    summary:
      'Create a cash database version from an uploaded file: its type is checked by content, its size and SHA-256 computed from the object; a refused file is deleted. One version per device type and peripheral (400 DuplicateCashDatabaseVersionException: database version already registered)',
    request: { params: MerchantIdParams, body: CashDatabaseCreate },
    response: CashDatabase,
    status: 201,
    errors: {
      400: ['UnsupportedFileTypeException', 'FileTooLargeException', 'UploadNotFoundException', 'DuplicateCashDatabaseVersionException'],
      404: ['MerchantNotFoundException'],
    },
    handler: ({ deps, principal, params, body }) => createCashDatabase(deps, principal, params.id, body),
  }),
  route({
    id: 'cashDatabases.get',
    method: 'GET',
    path: ONE,
    roles: ALL_ROLES,
    feature: 'CASHDB_UPDATE',
    summary: 'One cash database',
    request: { params: CashDatabaseParams },
    response: CashDatabase,
    errors: { 404: ONE_404 },
    handler: ({ deps, principal, params }) => getCashDatabase(deps, principal, params.id, params.cashDatabaseId),
  }),
  route({
    id: 'cashDatabases.update',
    method: 'PUT',
    path: ONE,
    roles: ALL_ROLES,
    feature: 'CASHDB_UPDATE',
    summary: 'Change a cash database’s description',
    request: { params: CashDatabaseParams, body: CashDatabaseUpdate },
    response: CashDatabase,
    errors: { 404: ONE_404, 409: ['CashDatabaseChangedConcurrentlyException'] },
    handler: ({ deps, principal, params, body }) => updateCashDatabase(deps, principal, params.id, params.cashDatabaseId, body),
  }),
  route({
    id: 'cashDatabases.delete',
    method: 'DELETE',
    path: ONE,
    roles: ALL_ROLES,
    feature: 'CASHDB_UPDATE',
    summary: 'Delete a cash database and its file; 409 CashDatabaseInUseException while a cash database rule uses it',
    request: { params: CashDatabaseParams },
    response: null,
    status: 204,
    errors: { 404: ONE_404, 409: ['CashDatabaseInUseException'] },
    handler: async ({ deps, principal, params }) => {
      await deleteCashDatabase(deps, principal, params.id, params.cashDatabaseId);
      return null;
    },
  }),
  route({
    id: 'cashDatabases.download',
    method: 'GET',
    path: `${ONE}/download`,
    roles: ALL_ROLES,
    feature: 'CASHDB_UPDATE',
    summary: 'Redirect (302) to the cash database file: a link valid 5 minutes',
    request: { params: CashDatabaseParams },
    response: null,
    status: 302,
    errors: { 404: ONE_404 },
    handler: async ({ deps, principal, params }) => redirect(await cashDatabaseDownload(deps, principal, params.id, params.cashDatabaseId)),
  }),
];
