import {
  Firmware,
  FIRMWARE_MAX_BYTES,
  FirmwareCreate,
  FirmwareListQuery,
  FirmwarePage,
  FirmwareParams,
  FirmwareUpdate,
  FirmwareUploadRequest,
} from '#schemas/firmware';
import { ReleaseUpload } from '#schemas/release-file';
import { ALL_ROLES, SUPER_ADMIN } from '#schemas/roles';
import {
  createFirmware,
  deleteFirmware,
  firmwareDownload,
  getFirmware,
  listFirmwares,
  requestFirmwareUpload,
  updateFirmware,
} from '../../core/firmware/use-cases';
import { redirect, routeFor } from '../../http/manifest';
import type { FirmwaresGroupDeps } from './deps';

const route = routeFor<FirmwaresGroupDeps>();

const FILE_ERRORS = ['UnsupportedFileTypeException', 'FileTooLargeException', 'UploadNotFoundException', 'DuplicateFirmwareVersionException'];

export const routes = [
  route({
    id: 'firmwares.list',
    method: 'GET',
    path: '/firmwares',
    roles: ALL_ROLES,
    summary: 'The firmware catalogue by device type and version, a page; filter deviceType (what a firmware rule can roll out)',
    request: { query: FirmwareListQuery },
    response: FirmwarePage,
    handler: ({ deps, query }) => listFirmwares(deps, query),
  }),
  route({
    id: 'firmwares.upload',
    method: 'POST',
    path: '/firmwares/uploads',
    roles: SUPER_ADMIN,
    summary: `An upload link for a firmware file (zip, gzip or tar, at most ${FIRMWARE_MAX_BYTES} bytes): PUT the file to it with its headers, then create the firmware with the upload id`,
    request: { body: FirmwareUploadRequest },
    response: ReleaseUpload,
    status: 201,
    handler: ({ deps, body }) => requestFirmwareUpload(deps, body),
  }),
  route({
    id: 'firmwares.create',
    method: 'POST',
    path: '/firmwares',
    roles: SUPER_ADMIN,
    summary:
      'Create a firmware from an uploaded file: its type is checked by content, its size and SHA-256 computed from the object; a refused file is deleted. One version per device type and level (400 DuplicateFirmwareVersionException)',
    request: { body: FirmwareCreate },
    response: Firmware,
    status: 201,
    errors: { 400: FILE_ERRORS },
    handler: ({ deps, body }) => createFirmware(deps, body),
  }),
  route({
    id: 'firmwares.get',
    method: 'GET',
    path: '/firmwares/{id}',
    roles: SUPER_ADMIN,
    summary: 'One firmware',
    request: { params: FirmwareParams },
    response: Firmware,
    errors: { 404: ['FirmwareNotFoundException'] },
    handler: ({ deps, params }) => getFirmware(deps, params.id),
  }),
  route({
    id: 'firmwares.update',
    method: 'PUT',
    path: '/firmwares/{id}',
    roles: SUPER_ADMIN,
    summary: 'Change a firmware’s level and release date',
    request: { params: FirmwareParams, body: FirmwareUpdate },
    response: Firmware,
    errors: { 400: ['DuplicateFirmwareVersionException'], 404: ['FirmwareNotFoundException'], 409: ['FirmwareChangedConcurrentlyException'] },
    handler: ({ deps, params, body }) => updateFirmware(deps, params.id, body),
  }),
  route({
    id: 'firmwares.delete',
    method: 'DELETE',
    path: '/firmwares/{id}',
    roles: SUPER_ADMIN,
    summary: 'Delete a firmware and its file; 409 FirmwareInUseException while a firmware rule uses it',
    request: { params: FirmwareParams },
    response: null,
    status: 204,
    errors: { 404: ['FirmwareNotFoundException'], 409: ['FirmwareInUseException'] },
    handler: async ({ deps, params }) => {
      await deleteFirmware(deps, params.id);
      return null;
    },
  }),
  route({
    id: 'firmwares.download',
    method: 'GET',
    path: '/firmwares/{id}/download',
    roles: SUPER_ADMIN,
    summary: 'Redirect (302) to the firmware file: a link valid 5 minutes',
    request: { params: FirmwareParams },
    response: null,
    status: 302,
    errors: { 404: ['FirmwareNotFoundException'] },
    handler: async ({ deps, params }) => redirect(await firmwareDownload(deps, params.id)),
  }),
];
