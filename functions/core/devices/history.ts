/** A machine's audits, cash and transactions, as its devices reported them (spec §2: audits, cash, transactions tabs). */
import type { Page } from '#schemas/paging';
import type { AuditListQuery, AuditSummary, CashQuery, CashView, PosTransaction, TransactionListQuery } from '#schemas/pos-history';
import type { Principal } from '../shared/principal';
import { AuditNotFoundException } from './errors';
import type { HistoryRange, PosHistoryRepository, StoredAudit } from './history-ports';
import type { PosReader } from './ports';
import { requireVisiblePos } from './use-cases';
import { pageOf } from '../shared/page';

export type PosHistoryDeps = { pos: PosReader; posHistory: PosHistoryRepository };

/** The columns of a merchant's transactions as CSV (GET /transactions/csv and a historical data export). */
export { TRANSACTION_CSV_COLUMNS } from '#schemas/transaction-constants';

/** The columns of a merchant's audits as CSV: the machine, then the list's fields. */
export const AUDIT_CSV_COLUMNS = ['serial', 'posName', 'readAt', 'origin', 'port', 'hasDex', 'receivedAt'] as const;

/** Audits read for the cash box chart of one range (4 scheduled reads a day for most of a year). */
const MAX_CASH_POINTS = 1_000;

// An audit's id carries its read time and message id (its key in the machine's partition); the partition
// itself always comes from the caller's scope, so an id cannot reach another machine's audits.
const READ_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const MESSAGE_ID = /^[A-Za-z0-9_-]{8,64}$/;

const auditId = (readAt: string, messageId: string) => Buffer.from(`${readAt}#${messageId}`, 'utf8').toString('base64url');

function auditKeyOf(id: string): { readAt: string; messageId: string } | undefined {
  const [readAt = '', messageId = '', ...rest] = Buffer.from(id, 'base64url').toString('utf8').split('#');
  return rest.length === 0 && READ_AT.test(readAt) && MESSAGE_ID.test(messageId) ? { readAt, messageId } : undefined;
}

const canonical = (iso: string | undefined) => (iso ? new Date(iso).toISOString() : undefined);
const rangeOf = (q: { from?: string; to?: string }): HistoryRange => ({ from: canonical(q.from), to: canonical(q.to) });
const sliceOf = (q: { page: number; size: number; ordType: 'asc' | 'desc'; cursor?: string }) => ({
  offset: (q.page - 1) * q.size,
  limit: q.size,
  ordType: q.ordType,
  cursor: q.cursor,
});

const summaryOf = ({ messageId, ...a }: StoredAudit): AuditSummary => ({ ...a, id: auditId(a.readAt, messageId) });

export async function listAudits(deps: PosHistoryDeps, principal: Principal, serial: string, q: AuditListQuery): Promise<Page<AuditSummary>> {
  const { record } = await requireVisiblePos(deps, principal, serial);
  const range = { ...rangeOf(q), origin: q.origin };
  const [slice, total] = await Promise.all([
    deps.posHistory.listAudits(record.merchantId, serial, range, sliceOf(q)),
    deps.posHistory.countAudits(record.merchantId, serial, range),
  ]);
  return pageOf(q, { ...slice, items: slice.items.map(summaryOf) }, total);
}

/** The EVA-DTS text of an audit and the file name it downloads as: `{serial}-{readAt}.dex`. */
export async function auditDex(deps: PosHistoryDeps, principal: Principal, serial: string, id: string): Promise<{ fileName: string; dex: string }> {
  const { record } = await requireVisiblePos(deps, principal, serial);
  const key = auditKeyOf(id);
  const dex = key && (await deps.posHistory.auditDex(record.merchantId, serial, key.readAt, key.messageId));
  if (!key || dex === undefined) throw new AuditNotFoundException();
  return { fileName: `${serial}-${key.readAt.replace(/[-:]|\.\d{3}/g, '')}.dex`, dex };
}

/** The latest audit's cash figures and the cash box / tube contents of each audit in the range. */
export async function posCash(deps: PosHistoryDeps, principal: Principal, serial: string, q: CashQuery): Promise<CashView> {
  const { record } = await requireVisiblePos(deps, principal, serial);
  const [latest, series] = await Promise.all([
    deps.posHistory.latestAuditCash(record.merchantId, serial),
    deps.posHistory.auditCashSeries(record.merchantId, serial, rangeOf(q), MAX_CASH_POINTS),
  ]);
  return {
    latest: latest ? { auditId: auditId(latest.readAt, latest.messageId), readAt: latest.readAt, cash: latest.cash } : null,
    series: series.map((a) => ({
      auditId: auditId(a.readAt, a.messageId),
      readAt: a.readAt,
      cashBox: a.cash.cashIn.sinceReset?.toBox ?? null,
      tubeContents: a.cash.tubeContents,
    })),
  };
}

export async function listTransactions(deps: PosHistoryDeps, principal: Principal, serial: string, q: TransactionListQuery): Promise<Page<PosTransaction>> {
  const { record } = await requireVisiblePos(deps, principal, serial);
  const range = { ...rangeOf(q), type: q.type === 0 ? undefined : q.type };
  const [slice, total] = await Promise.all([
    deps.posHistory.listTransactions(record.merchantId, serial, range, sliceOf(q)),
    deps.posHistory.countTransactions(record.merchantId, serial, range),
  ]);
  return pageOf(q, slice, total);
}
