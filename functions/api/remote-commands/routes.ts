import * as z from 'zod/mini';
import { PosParams } from '#schemas/pos-entity';
import {
  PendingCounts,
  PendingCountsQuery,
  PosRemoteCommandQuery,
  RemoteCommand,
  RemoteCommandCsvQuery,
  RemoteCommandListQuery,
  RemoteCommandPage,
  RemoteCommandParams,
  RemoteCommandSend,
  RemoteCommandSendHeaders,
} from '#schemas/remote-command';
import { ALL_ROLES, NOT_MERCHANT_USER } from '#schemas/roles';
import { COMMAND_TYPE_FEATURES } from '../../core/remote-commands/command-features';
import { cancelCommand, commandsCsv, listCommands, listPosCommands, pendingCounts, sendCommand } from '../../core/remote-commands/use-cases';
import { attachment, routeFor } from '../../http/manifest';
import type { RemoteCommandsGroupDeps } from './deps';

const route = routeFor<RemoteCommandsGroupDeps>();

// Literal paths (/remote-commands/csv, /pending-counts, /send) are matched before parameters, by API Gateway and the local server.
export const routes = [
  route({
    id: 'remoteCommands.list',
    method: 'GET',
    path: '/remote-commands',
    roles: NOT_MERCHANT_USER,
    summary:
      'A merchant’s remote commands, newest first, a page; filters serial, type, status, from/to (created, to exclusive); a group admin sees its groups’ machines only',
    request: { query: RemoteCommandListQuery },
    response: RemoteCommandPage,
    errors: { 404: ['MerchantNotFoundException'] },
    handler: ({ deps, principal, query }) => listCommands(deps, principal, query),
  }),
  route({
    id: 'remoteCommands.csv',
    method: 'GET',
    path: '/remote-commands/csv',
    roles: NOT_MERCHANT_USER,
    summary: 'The list’s selection as CSV; more than 5000 → 400 ExportTooLargeException',
    request: { query: RemoteCommandCsvQuery },
    response: z.string(),
    produces: 'text/csv',
    errors: { 404: ['MerchantNotFoundException'] },
    handler: async ({ deps, principal, query }) => attachment(`remote-commands-${query.merchantId}.csv`, await commandsCsv(deps, principal, query)),
  }),
  route({
    id: 'remoteCommands.pendingCounts',
    method: 'GET',
    path: '/remote-commands/pending-counts',
    roles: ALL_ROLES,
    summary: 'Pending (scheduled or running) remote commands per listed machine of the merchant (≤ 100 serials); machines the caller cannot see are left out',
    request: { query: PendingCountsQuery },
    response: PendingCounts,
    handler: ({ deps, principal, query }) => pendingCounts(deps, principal, query.merchantId, query.serials),
  }),
  route({
    id: 'remoteCommands.send',
    method: 'POST',
    path: '/remote-commands/send',
    roles: NOT_MERCHANT_USER,
    featureByBody: { field: 'type', features: COMMAND_TYPE_FEATURES },
    featureMerchant: 'machine',
    summary:
      'Send a remote command now or at `scheduledAt`; 404 RemoteCommandPosNotFoundException, 409 RemoteCommandPendingException (one pending command of a type per machine), 413 MessageTooLargeException (over 64 KB), 503 RemoteCommandSendException. With an Idempotency-Key header a retried POST answers the first command',
    request: { body: RemoteCommandSend, headers: RemoteCommandSendHeaders },
    response: RemoteCommand,
    status: 201,
    errors: {
      404: ['RemoteCommandPosNotFoundException'],
      409: ['RemoteCommandPendingException', 'IdempotencyKeyReusedException'],
      413: ['MessageTooLargeException'],
      503: ['RemoteCommandSendException'],
    },
    handler: ({ deps, principal, body, headers }) => sendCommand(deps, principal, body, headers['idempotency-key']),
  }),
  route({
    id: 'remoteCommands.pos',
    method: 'GET',
    path: '/remote-commands/pos/{id}',
    roles: ALL_ROLES,
    summary: 'One machine’s remote commands, newest first, a page; filters type, status',
    request: { params: PosParams, query: PosRemoteCommandQuery },
    response: RemoteCommandPage,
    handler: ({ deps, principal, params, query }) => listPosCommands(deps, principal, params.id, query),
  }),
  route({
    id: 'remoteCommands.cancel',
    method: 'POST',
    path: '/remote-commands/pos/{id}/{commandId}/cancel',
    roles: NOT_MERCHANT_USER,
    summary: 'Cancel a scheduled or running command (result -3, cancelled by user); 409 RemoteCommandNotPendingException once it has ended',
    request: { params: RemoteCommandParams },
    response: RemoteCommand,
    errors: { 409: ['RemoteCommandNotPendingException'] },
    handler: ({ deps, principal, params }) => cancelCommand(deps, principal, params.id, params.commandId),
  }),
];
