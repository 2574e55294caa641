import { SapCode, SapCodeCreate, SapCodeInput, SapCodeListQuery, SapCodePage, SapCodeParams } from '#schemas/sap-code';
import { SUPER_ADMIN } from '#schemas/roles';
import { createSapCode, getSapCode, listSapCodes, updateSapCode } from '../../core/sap-codes/use-cases';
import { routeFor } from '../../http/manifest';
import type { SapCodesGroupDeps } from './deps';

const route = routeFor<SapCodesGroupDeps>();

/** SAP codes (spec §7 /sapcodes): super admin only (spec §6: SAP settings). */
export const routes = [
  route({
    id: 'sapCodes.list',
    method: 'GET',
    path: '/sapcodes',
    roles: SUPER_ADMIN,
    summary: 'A merchant’s SAP codes by code, a page',
    request: { query: SapCodeListQuery },
    response: SapCodePage,
    errors: { 404: ['MerchantNotFoundException'] },
    handler: ({ deps, query }) => listSapCodes(deps, query),
  }),
  route({
    id: 'sapCodes.create',
    method: 'POST',
    path: '/sapcodes',
    roles: SUPER_ADMIN,
    summary: 'Create a SAP code of a merchant; 409 DuplicateSapCodeException when the merchant has it already (case-insensitively)',
    request: { body: SapCodeCreate },
    response: SapCode,
    status: 201,
    errors: { 404: ['MerchantNotFoundException'], 409: ['DuplicateSapCodeException'] },
    handler: ({ deps, body }) => createSapCode(deps, body),
  }),
  route({
    id: 'sapCodes.get',
    method: 'GET',
    path: '/sapcodes/{sapCodeId}',
    roles: SUPER_ADMIN,
    summary: 'One SAP code',
    request: { params: SapCodeParams },
    response: SapCode,
    errors: { 404: ['SapCodeNotFoundException'] },
    handler: ({ deps, params }) => getSapCode(deps, params.sapCodeId),
  }),
  route({
    id: 'sapCodes.update',
    method: 'PUT',
    path: '/sapcodes/{sapCodeId}',
    roles: SUPER_ADMIN,
    summary: 'Replace a SAP code’s code and description (same checks as create); medias keep the code they carry',
    request: { params: SapCodeParams, body: SapCodeInput },
    response: SapCode,
    errors: { 404: ['SapCodeNotFoundException'], 409: ['DuplicateSapCodeException'] },
    handler: ({ deps, params, body }) => updateSapCode(deps, params.sapCodeId, body),
  }),
];
