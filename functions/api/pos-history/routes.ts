import * as z from 'zod/mini';
import { AuditListQuery, AuditPage, AuditParams, CashQuery, CashView, PosTransactionPage, TransactionListQuery } from '#schemas/pos-history';
import { PosParams, SensorHistory, SensorHistoryQuery } from '#schemas/pos';
import { ALL_ROLES } from '#schemas/roles';
import { auditDex, listAudits, listTransactions, posCash } from '../../core/devices/history';
import { sensorHistory } from '../../core/devices/sensors';
import { attachment, routeFor } from '../../http/manifest';
import type { PosHistoryGroupDeps } from './deps';

const route = routeFor<PosHistoryGroupDeps>();

/** What a machine reported, read back (spec §2 device tabs audits, cash, transactions, signal, temperature); a machine outside the caller's merchants or groups answers 404. */
export const routes = [
  route({
    id: 'pos.listAudits',
    method: 'GET',
    path: '/pos/{id}/audits',
    roles: ALL_ROLES,
    summary: 'A machine’s audits by read date, newest first unless ordType=asc, a page; optional from/to (ISO instants, to exclusive) and origin',
    request: { params: PosParams, query: AuditListQuery },
    response: AuditPage,
    handler: ({ deps, principal, params, query }) => listAudits(deps, principal, params.id, query),
  }),
  route({
    id: 'pos.downloadAudit',
    method: 'GET',
    path: '/pos/{id}/audits/{auditId}/download',
    roles: ALL_ROLES,
    summary: 'An audit’s EVA-DTS text as a `{serial}-{readAt}.dex` attachment; 404 AuditNotFoundException when it is gone or came without text',
    request: { params: AuditParams },
    response: z.string(),
    produces: 'text/plain',
    handler: async ({ deps, principal, params }) => {
      const { fileName, dex } = await auditDex(deps, principal, params.id, params.auditId);
      return attachment(fileName, dex, 'text/plain');
    },
  }),
  route({
    id: 'pos.cash',
    method: 'GET',
    path: '/pos/{id}/cash',
    roles: ALL_ROLES,
    summary:
      'The cash figures of the machine’s latest audit with EVA-DTS text (null when none) and the cash box / tube contents of each such audit in the optional from/to range (at most 1000, oldest first)',
    request: { params: PosParams, query: CashQuery },
    response: CashView,
    handler: ({ deps, principal, params, query }) => posCash(deps, principal, params.id, query),
  }),
  route({
    id: 'pos.listTransactions',
    method: 'GET',
    path: '/pos/{id}/transactions',
    roles: ALL_ROLES,
    summary:
      'A machine’s transactions by creation date, newest first unless ordType=asc, a page; optional from/to (ISO instants, to exclusive) and type (0 = all)',
    request: { params: PosParams, query: TransactionListQuery },
    response: PosTransactionPage,
    handler: ({ deps, principal, params, query }) => listTransactions(deps, principal, params.id, query),
  }),
  ...(['signal', 'temperature'] as const).map((kind) =>
    route({
      id: `pos.historical${kind === 'signal' ? 'Signal' : 'Temperature'}`,
      method: 'GET',
      path: `/pos/{id}/historical-${kind}`,
      roles: ALL_ROLES,
      // The signal is the machine's network (modem) reading; the temperature belongs to every machine.
      ...(kind === 'signal' ? { feature: 'NETWORK' as const } : {}),
      summary: `The machine's ${kind} readings between two instants (at most 31 days), oldest first`,
      request: { params: PosParams, query: SensorHistoryQuery },
      response: SensorHistory,
      handler: ({ deps, principal, params, query }) => sensorHistory(deps, principal, params.id, kind, query.from, query.to),
    }),
  ),
];
