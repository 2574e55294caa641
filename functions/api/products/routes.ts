import * as z from 'zod/mini';
import { MerchantIdParams } from '#schemas/merchant';
import {
  CustomParameters,
  CustomParametersInput,
  Product,
  ProductAssociations,
  ProductExportQuery,
  ProductImport,
  ProductImportResult,
  ProductInput,
  ProductListQuery,
  ProductPage,
  ProductParams,
} from '#schemas/product';
import { ADMINS, ALL_ROLES } from '#schemas/roles';
import {
  createProduct,
  deleteProduct,
  getCustomParameters,
  getProduct,
  importProducts,
  listProducts,
  productAssociations,
  productsCsv,
  putCustomParameters,
  updateProduct,
} from '../../core/products/use-cases';
import { attachment, routeFor } from '../../http/manifest';
import type { ProductsGroupDeps } from './deps';

const route = routeFor<ProductsGroupDeps>();
const DUPLICATES = ['ProductCodeAlreadyExistsException', 'ProductNameAlreadyExistsException'];

// Literal paths (/products/csv, /products/import, /products/custom-parameters) are matched before /products/{productId},
// by API Gateway and the local server.
export const routes = [
  route({
    id: 'products.list',
    method: 'GET',
    path: '/merchants/{id}/products',
    roles: ALL_ROLES,
    summary: 'The merchant’s products by name or code, a page; search (≥ 3 letters) in name or code, filter by productType',
    request: { params: MerchantIdParams, query: ProductListQuery },
    response: ProductPage,
    handler: ({ deps, principal, params, query }) => listProducts(deps, principal, params.id, query),
  }),
  route({
    id: 'products.csv',
    method: 'GET',
    path: '/merchants/{id}/products/csv',
    roles: ALL_ROLES,
    summary: 'The list’s selection as a CSV download (at most 5,000 rows): the fixed columns, then one per custom parameter',
    request: { params: MerchantIdParams, query: ProductExportQuery },
    response: z.string(),
    produces: 'text/csv',
    handler: async ({ deps, principal, params, query }) => attachment(`products-${params.id}.csv`, await productsCsv(deps, principal, params.id, query)),
  }),
  route({
    id: 'products.import',
    method: 'POST',
    path: '/merchants/{id}/products/import',
    roles: ADMINS,
    summary:
      'Create or update products by code from a CSV document (text/csv, or JSON { csv }) or JSON rows (at most 1,000); every row is checked first: 400 ProductImportInvalidException lists each bad row and field, and nothing is imported',
    request: { params: MerchantIdParams, body: ProductImport },
    csvBody: true,
    response: ProductImportResult,
    maxBodyBytes: 1024 * 1024,
    errors: { 400: ['ProductImportInvalidException'], 409: DUPLICATES },
    handler: ({ deps, principal, params, body }) => importProducts(deps, principal, params.id, body),
  }),
  route({
    id: 'products.customParameters',
    method: 'GET',
    path: '/merchants/{id}/products/custom-parameters',
    roles: ALL_ROLES,
    summary: 'The merchant’s own extra product fields (name, type text|number|boolean, required)',
    request: { params: MerchantIdParams },
    response: CustomParameters,
    handler: ({ deps, principal, params }) => getCustomParameters(deps, principal, params.id),
  }),
  route({
    id: 'products.putCustomParameters',
    method: 'PUT',
    path: '/merchants/{id}/products/custom-parameters',
    roles: ADMINS,
    summary: 'Replace the merchant’s custom parameters (at most 20, names unique); product values are checked against them on save',
    request: { params: MerchantIdParams, body: CustomParametersInput },
    response: CustomParameters,
    handler: ({ deps, principal, params, body }) => putCustomParameters(deps, principal, params.id, body),
  }),
  route({
    id: 'products.create',
    method: 'POST',
    path: '/merchants/{id}/products',
    roles: ADMINS,
    summary: 'Create a product; 409 when the merchant has one with that code or name',
    request: { params: MerchantIdParams, body: ProductInput },
    response: Product,
    status: 201,
    errors: { 409: DUPLICATES },
    handler: ({ deps, principal, params, body }) => createProduct(deps, principal, params.id, body),
  }),
  route({
    id: 'products.get',
    method: 'GET',
    path: '/merchants/{id}/products/{productId}',
    roles: ALL_ROLES,
    summary: 'One product',
    request: { params: ProductParams },
    response: Product,
    handler: ({ deps, principal, params }) => getProduct(deps, principal, params.id, params.productId),
  }),
  route({
    id: 'products.associations',
    method: 'GET',
    path: '/merchants/{id}/products/{productId}/associations',
    roles: ALL_ROLES,
    summary: 'Where the product is used: the planograms with a line of it and their machines',
    request: { params: ProductParams },
    response: ProductAssociations,
    handler: ({ deps, principal, params }) => productAssociations(deps, principal, params.id, params.productId),
  }),
  route({
    id: 'products.update',
    method: 'PUT',
    path: '/merchants/{id}/products/{productId}',
    roles: ADMINS,
    summary: 'Replace a product’s fields (same checks as create)',
    request: { params: ProductParams, body: ProductInput },
    response: Product,
    errors: { 409: DUPLICATES },
    handler: ({ deps, principal, params, body }) => updateProduct(deps, principal, params.id, params.productId, body),
  }),
  route({
    id: 'products.delete',
    method: 'DELETE',
    path: '/merchants/{id}/products/{productId}',
    roles: ADMINS,
    summary: 'Delete a product; 409 ProductInUseException naming the planograms that still have a line of it',
    request: { params: ProductParams },
    response: null,
    status: 204,
    errors: { 409: ['ProductInUseException'] },
    handler: async ({ deps, principal, params }) => {
      await deleteProduct(deps, principal, params.id, params.productId);
      return null;
    },
  }),
];
