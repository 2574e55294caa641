import {
  ChangeClientInput,
  License,
  LicenseConfirmation,
  LicenseInput,
  LicenseListQuery,
  LicensePage,
  LicenseSerialParams,
  LicenseTokenParams,
  SendLicenseInput,
  UnassignLicenseInput,
  type UnassignCase,
} from '#schemas/licence';
import { ADMINS, type Role } from '#schemas/roles';
import { confirmLicense, licenseConfirmation } from '../../core/licences/confirmation';
import { assignLicense, changeLicenseClient, getLicense, listLicenses, sendLicense, unassignLicense } from '../../core/licences/use-cases';
import { routeFor } from '../../http/manifest';
import type { ServiceManagerGroupDeps } from './deps';

const route = routeFor<ServiceManagerGroupDeps>();

/** Spec §2: /service-manager is the super admin's, the merchant admin's and the merchant user's. */
const SERVICE_MANAGER: readonly Role[] = ['NEBULARSUPERADMIN', 'NEBULARMERCHANTADMIN', 'NEBULARMERCHANTUSER'];
const REFUSALS = [
  'LicenseDeactivatedException',
  'LicenseExpiredException',
  'LicenseNotAssignedYetException',
  'LicenseTransitionNotAllowedException',
  'LicenseChangedConcurrentlyException',
];

export const routes = [
  route({
    id: 'serviceManager.list',
    method: 'GET',
    path: '/service-manager/license',
    roles: SERVICE_MANAGER,
    feature: 'NEBULAR_CASH',
    summary: 'A merchant’s machines’ licences by status then serial, a page; status narrows to one (0 pending … 6 expired)',
    request: { query: LicenseListQuery },
    response: LicensePage,
    handler: ({ deps, principal, query }) => listLicenses(deps, principal, query),
  }),
  route({
    id: 'serviceManager.get',
    method: 'GET',
    path: '/service-manager/license/{id}',
    roles: SERVICE_MANAGER,
    feature: 'NEBULAR_CASH',
    featureMerchant: 'machine',
    summary: 'The licence of machine {id} (its serial) with what the machine last reported (licenseinfos); 404 LicenseDoesNotExistException without one',
    request: { params: LicenseSerialParams },
    response: License,
    errors: { 404: ['PosNotFoundException', 'LicenseDoesNotExistException'] },
    handler: ({ deps, principal, params }) => getLicense(deps, principal, params.id),
  }),
  route({
    id: 'serviceManager.assign',
    method: 'POST',
    path: '/service-manager/license',
    roles: SERVICE_MANAGER,
    feature: 'NEBULAR_CASH',
    featureMerchant: 'machine',
    summary:
      'Assign a licence to a machine without one (or whose licence was unassigned): status 0 pending. A demo (type 2) needs its expiry date, at most 90 days on',
    request: { body: LicenseInput },
    response: License,
    status: 201,
    errors: {
      400: ['DemoLicenseExpiryException'],
      404: ['PosNotFoundException', 'ClientNotFoundException'],
      409: ['LicenseAlreadyAssignedException', ...REFUSALS],
    },
    handler: ({ deps, principal, body }) => assignLicense(deps, principal, body),
  }),
  route({
    id: 'serviceManager.send',
    method: 'POST',
    path: '/service-manager/send-license',
    roles: SERVICE_MANAGER,
    feature: 'NEBULAR_CASH',
    featureMerchant: 'machine',
    summary: 'Send the licence to its client (0 or 1 → 1 sent): an e-mail with a single-use link that expires; a link sent before stops working',
    request: { body: SendLicenseInput },
    response: License,
    errors: { 404: ['PosNotFoundException', 'LicenseDoesNotExistException'], 409: REFUSALS },
    handler: ({ deps, principal, body }) => sendLicense(deps, principal, body.serial),
  }),
  route({
    id: 'serviceManager.changeClient',
    method: 'POST',
    path: '/service-manager/change-client-license',
    roles: SERVICE_MANAGER,
    feature: 'NEBULAR_CASH',
    featureMerchant: 'machine',
    summary: 'Another client for the licence: it must confirm again (0 pending), unless the licence runs already (3 activated stays)',
    request: { body: ChangeClientInput },
    response: License,
    errors: { 404: ['PosNotFoundException', 'LicenseDoesNotExistException', 'ClientNotFoundException'], 409: REFUSALS },
    handler: ({ deps, principal, body }) => changeLicenseClient(deps, principal, body),
  }),
  route({
    id: 'serviceManager.unassign',
    method: 'POST',
    path: '/service-manager/unassign-license',
    roles: ADMINS,
    feature: 'NEBULAR_CASH',
    featureMerchant: 'machine',
    summary: 'Unassign the licence by case: 0 remove it or broken machine (→ 5), 1 change client (→ 5), 2 end demo (→ 6), 3 end licence (→ 4 deactivated)',
    request: { body: UnassignLicenseInput },
    response: License,
    errors: { 404: ['PosNotFoundException', 'LicenseDoesNotExistException'], 409: ['NotADemoLicenseException', ...REFUSALS] },
    handler: ({ deps, principal, body }) => unassignLicense(deps, principal, body.serial, body.case as UnassignCase),
  }),
  route({
    id: 'license.confirmation',
    method: 'GET',
    path: '/license/confirm-license/{token}',
    roles: 'public',
    summary: 'For the client, through the e-mailed link: its data and the machine’s, to confirm. Unknown, used or expired token → 404 TokenNotFoundException',
    request: { params: LicenseTokenParams },
    response: LicenseConfirmation,
    errors: { 404: ['TokenNotFoundException'] },
    handler: ({ deps, params }) => licenseConfirmation(deps, params.token),
  }),
  route({
    id: 'license.confirm',
    method: 'POST',
    path: '/license/confirm-license/{token}',
    roles: 'public',
    summary: 'The client confirms its data (1 sent → 2 confirmed); the link is spent. Unknown, used or expired token → 404 TokenNotFoundException',
    request: { params: LicenseTokenParams },
    response: LicenseConfirmation,
    errors: { 404: ['TokenNotFoundException'], 409: REFUSALS },
    handler: ({ deps, params }) => confirmLicense(deps, params.token),
  }),
];
