import {
  CogesKeyFileParams,
  CogesKeyParams,
  CogesKeyPostParams,
  PortalBlogPosts,
  PortalContacts,
  PortalPrivacy,
  PortalServices,
  PortalSettings,
  PortalSettingsInput,
  PortalUploadRequest,
} from '#schemas/cogeskey';
import { ContentFileAccept } from '#schemas/content-file';
import { ReleaseUpload } from '#schemas/release-file';
import { ADMINS, SUPER_ADMIN } from '#schemas/roles';
import {
  getPortal,
  portalBlogPostImageUrl,
  portalBlogPosts,
  portalContacts,
  portalFileUrl,
  portalPrivacy,
  portalServices,
  removePortalFile,
  requestPortalUpload,
  savePortal,
  setPortalFile,
} from '../../core/cogeskey/use-cases';
import { redirect, routeFor } from '../../http/manifest';
import type { CogesKeyGroupDeps } from './deps';

const route = routeFor<CogesKeyGroupDeps>();

const NOT_FOUND = { 404: ['MerchantNotFoundException'] };
const FILE_ERRORS = ['UnsupportedFileTypeException', 'FileTooLargeException', 'ImageTooLargeException', 'UploadNotFoundException'];

/**
 * The customer portal (CogesKey) of a merchant: the super admin edits it (spec §2 /manage/cogeskey-portal); the super
 * admin and the merchant's admins read it, as /cogeskey/preview does, with the customer app's calls (spec §7).
 */
export const routes = [
  route({
    id: 'cogeskey.get',
    method: 'GET',
    path: '/cogeskey/{merchantId}',
    roles: ADMINS,
    summary: 'The merchant’s portal settings (defaults, configured false, until first saved) and its files',
    request: { params: CogesKeyParams },
    response: PortalSettings,
    errors: NOT_FOUND,
    handler: ({ deps, principal, params }) => getPortal(deps, principal, params.merchantId),
  }),
  route({
    id: 'cogeskey.save',
    method: 'PUT',
    path: '/cogeskey/{merchantId}',
    roles: SUPER_ADMIN,
    summary:
      'Replace the portal’s settings: name, website URL, main colour (#RRGGBB), mobile theme (0 light, 1 dark), contacts, privacy text, the web payment services and blog posts it shows (each must exist: 400 naming the unknown ones); its files stay',
    request: { params: CogesKeyParams, body: PortalSettingsInput },
    response: PortalSettings,
    errors: { 400: ['UnknownPortalItemsException'], 404: ['MerchantNotFoundException'], 409: ['PortalChangedConcurrentlyException'] },
    handler: ({ deps, principal, params, body }) => savePortal(deps, principal, params.merchantId, body),
  }),
  route({
    id: 'cogeskey.contacts',
    method: 'GET',
    path: '/cogeskey/{merchantId}/contacts',
    roles: ADMINS,
    summary: 'The portal’s contacts (label, phone, e-mail)',
    request: { params: CogesKeyParams },
    response: PortalContacts,
    errors: NOT_FOUND,
    handler: ({ deps, principal, params }) => portalContacts(deps, principal, params.merchantId),
  }),
  route({
    id: 'cogeskey.privacy',
    method: 'GET',
    path: '/cogeskey/{merchantId}/privacy',
    roles: ADMINS,
    summary: 'The portal’s privacy text',
    request: { params: CogesKeyParams },
    response: PortalPrivacy,
    errors: NOT_FOUND,
    handler: ({ deps, principal, params }) => portalPrivacy(deps, principal, params.merchantId),
  }),
  route({
    id: 'cogeskey.services',
    method: 'GET',
    path: '/cogeskey/{merchantId}/services',
    roles: ADMINS,
    summary: 'The web payment services the portal shows, in its order',
    request: { params: CogesKeyParams },
    response: PortalServices,
    errors: NOT_FOUND,
    handler: ({ deps, principal, params }) => portalServices(deps, principal, params.merchantId),
  }),
  route({
    id: 'cogeskey.blogPosts',
    method: 'GET',
    path: '/cogeskey/{merchantId}/blogposts',
    roles: ADMINS,
    summary: 'The published blog posts the portal shows, newest first, rendered as sanitised HTML',
    request: { params: CogesKeyParams },
    response: PortalBlogPosts,
    errors: NOT_FOUND,
    handler: ({ deps, principal, params }) => portalBlogPosts(deps, principal, params.merchantId),
  }),
  route({
    id: 'cogeskey.blogPostImage',
    method: 'GET',
    path: '/cogeskey/{merchantId}/blogposts/{postId}/image',
    roles: ADMINS,
    summary: 'Redirect (302) to the image of a published post the portal shows: a link valid 5 minutes',
    request: { params: CogesKeyPostParams },
    response: null,
    status: 302,
    errors: { 404: ['MerchantNotFoundException', 'PortalBlogPostNotFoundException'] },
    handler: async ({ deps, principal, params }) => redirect(await portalBlogPostImageUrl(deps, principal, params.merchantId, params.postId)),
  }),
  route({
    id: 'cogeskey.upload',
    method: 'POST',
    path: '/cogeskey/{merchantId}/uploads',
    roles: SUPER_ADMIN,
    summary:
      'An upload link for one of the portal’s files (kind logo or appLogo: jpg or png of at most 1 MB; ingredients: pdf of at most 10 MB): PUT the file to it with its headers, then name the upload id in PUT /cogeskey/{merchantId}/files/{kind}',
    request: { params: CogesKeyParams, body: PortalUploadRequest },
    response: ReleaseUpload,
    status: 201,
    errors: { 400: ['UnsupportedFileTypeException', 'FileTooLargeException'], 404: ['MerchantNotFoundException'] },
    handler: async ({ deps, principal, params, body }) => {
      await getPortal(deps, principal, params.merchantId);
      return requestPortalUpload(deps, body);
    },
  }),
  route({
    id: 'cogeskey.setFile',
    method: 'PUT',
    path: '/cogeskey/{merchantId}/files/{kind}',
    roles: SUPER_ADMIN,
    summary:
      'Set one of the portal’s files from an uploaded file, checked by its own bytes: a logo must be a jpg or png of at most 500 × 200 px, the ingredients a pdf (whatever the name, another file is refused and deleted); the file it replaces is deleted',
    request: { params: CogesKeyFileParams, body: ContentFileAccept },
    response: PortalSettings,
    errors: { 400: FILE_ERRORS, 404: ['MerchantNotFoundException'], 409: ['PortalChangedConcurrentlyException'] },
    handler: ({ deps, principal, params, body }) => setPortalFile(deps, principal, params.merchantId, params.kind, body),
  }),
  route({
    id: 'cogeskey.removeFile',
    method: 'DELETE',
    path: '/cogeskey/{merchantId}/files/{kind}',
    roles: SUPER_ADMIN,
    summary: 'Remove one of the portal’s files',
    request: { params: CogesKeyFileParams },
    response: null,
    status: 204,
    errors: { 404: ['MerchantNotFoundException', 'PortalFileNotFoundException'], 409: ['PortalChangedConcurrentlyException'] },
    handler: async ({ deps, principal, params }) => {
      await removePortalFile(deps, principal, params.merchantId, params.kind);
      return null;
    },
  }),
  route({
    id: 'cogeskey.file',
    method: 'GET',
    path: '/cogeskey/{merchantId}/files/{kind}',
    roles: ADMINS,
    summary: 'Redirect (302) to one of the portal’s files: a link valid 5 minutes',
    request: { params: CogesKeyFileParams },
    response: null,
    status: 302,
    errors: { 404: ['MerchantNotFoundException', 'PortalFileNotFoundException'] },
    handler: async ({ deps, principal, params }) => redirect(await portalFileUrl(deps, principal, params.merchantId, params.kind)),
  }),
];
