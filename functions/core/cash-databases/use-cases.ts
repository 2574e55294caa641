/**
 * Cash databases (spec §2 /manage/cash-database, every role; CASHDB_UPDATE, gated by the route manifest): a merchant's
 * versions with their files, uploaded by presigned PUT and accepted only once checked by content and hashed from the
 * object (core/rollouts/release-files.ts, as firmware).
 */
import {
  CASH_DATABASE_MAX_BYTES,
  type CashDatabase,
  type CashDatabaseCreate,
  type CashDatabaseListQuery,
  type CashDatabaseUpdate,
} from '#schemas/cash-database';
import type { Page } from '#schemas/paging';
import type { ReleaseFileType, ReleaseUpload } from '#schemas/release-file';
import { recordChange } from '../audit/change-recorder';
import { requireVisibleMerchant } from '../merchants/feature-gate';
import { acceptReleaseUpload, requestReleaseUpload, type ReleaseFilePolicy, type ReleaseFileStore } from '../rollouts/release-files';
import { pageOf } from '../shared/page';
import type { Principal } from '../shared/principal';
import { timeOrderedId } from '../shared/time-ordered-id';
import {
  CashDatabaseChangedConcurrentlyException,
  CashDatabaseInUseException,
  CashDatabaseNotFoundException,
  DuplicateCashDatabaseVersionException,
} from './errors';
import type { CashDatabaseRepository, StoredCashDatabase } from './ports';

export interface CashDatabaseDeps {
  cashDatabases: CashDatabaseRepository;
  cashDatabaseFiles: ReleaseFileStore;
  now: () => string;
}

/** Each merchant's files under a folder of its own in `incoming/` and in the bucket. */
const filesOf = (merchantId: string): ReleaseFilePolicy => ({ folder: `cash-databases/${merchantId}`, maxBytes: CASH_DATABASE_MAX_BYTES });
/** The download link (a 302 to it). */
const DOWNLOAD_LINK_SECONDS = 300;

const viewOf = ({ fileKey: _key, ...d }: StoredCashDatabase): CashDatabase => d;

export function requestCashDatabaseUpload(
  deps: Pick<CashDatabaseDeps, 'cashDatabaseFiles'>,
  principal: Principal,
  merchantId: string,
  body: { contentType: ReleaseFileType; size: number },
): Promise<ReleaseUpload> {
  requireVisibleMerchant(principal, merchantId);
  return requestReleaseUpload(deps.cashDatabaseFiles, filesOf(merchantId), body);
}

async function requireCashDatabase(deps: Pick<CashDatabaseDeps, 'cashDatabases'>, principal: Principal, merchantId: string, id: string) {
  requireVisibleMerchant(principal, merchantId);
  const d = await deps.cashDatabases.get(merchantId, id);
  if (!d) throw new CashDatabaseNotFoundException();
  return d;
}

/** Accepts the uploaded file, then stores the version with its guard; a version already registered removes the copied file. */
export async function createCashDatabase(deps: CashDatabaseDeps, principal: Principal, merchantId: string, body: CashDatabaseCreate): Promise<CashDatabase> {
  requireVisibleMerchant(principal, merchantId);
  const now = deps.now();
  const id = timeOrderedId(now);
  const { uploadId, fileName, ...fields } = body;
  const { key, ...file } = await acceptReleaseUpload(deps.cashDatabaseFiles, filesOf(merchantId), id, { uploadId, fileName });
  const stored: StoredCashDatabase = { id, merchantId, ...fields, file, rules: 0, createdAt: now, createdBy: principal.email, updatedAt: now, fileKey: key };
  if ((await deps.cashDatabases.create(stored)) === 'duplicate') {
    await deps.cashDatabaseFiles.remove(key);
    throw new DuplicateCashDatabaseVersionException(fields.version);
  }
  recordChange('cashDatabase', id, undefined, viewOf(stored));
  return viewOf(stored);
}

export async function listCashDatabases(
  deps: Pick<CashDatabaseDeps, 'cashDatabases'>,
  principal: Principal,
  merchantId: string,
  q: CashDatabaseListQuery,
): Promise<Page<CashDatabase>> {
  requireVisibleMerchant(principal, merchantId);
  const [slice, total] = await Promise.all([
    deps.cashDatabases.list(merchantId, { deviceType: q.deviceType, ordType: q.ordType, offset: (q.page - 1) * q.size, limit: q.size, cursor: q.cursor }),
    deps.cashDatabases.count(merchantId, q.deviceType),
  ]);
  return pageOf(q, { ...slice, items: slice.items.map(viewOf) }, total);
}

export const getCashDatabase = async (deps: Pick<CashDatabaseDeps, 'cashDatabases'>, principal: Principal, merchantId: string, id: string) =>
  viewOf(await requireCashDatabase(deps, principal, merchantId, id));

export async function updateCashDatabase(
  deps: CashDatabaseDeps,
  principal: Principal,
  merchantId: string,
  id: string,
  body: CashDatabaseUpdate,
): Promise<CashDatabase> {
  const previous = await requireCashDatabase(deps, principal, merchantId, id);
  const next: StoredCashDatabase = { ...previous, ...body, updatedAt: deps.now() };
  if ((await deps.cashDatabases.update(previous, next)) === 'changed') throw new CashDatabaseChangedConcurrentlyException();
  recordChange('cashDatabase', id, viewOf(previous), viewOf(next));
  return viewOf(next);
}

/** Deletes the version and its file, unless a rule uses it (409 CashDatabaseInUseException). */
export async function deleteCashDatabase(deps: CashDatabaseDeps, principal: Principal, merchantId: string, id: string): Promise<void> {
  const stored = await requireCashDatabase(deps, principal, merchantId, id);
  const outcome = await deps.cashDatabases.delete(stored);
  if (outcome === 'inUse') throw new CashDatabaseInUseException();
  if (outcome === 'missing') throw new CashDatabaseNotFoundException();
  recordChange('cashDatabase', id, viewOf(stored), undefined);
  await deps.cashDatabaseFiles.remove(stored.fileKey);
}

export async function cashDatabaseDownload(deps: CashDatabaseDeps, principal: Principal, merchantId: string, id: string): Promise<string> {
  const stored = await requireCashDatabase(deps, principal, merchantId, id);
  return deps.cashDatabaseFiles.downloadUrl(stored.fileKey, { fileName: stored.file.fileName, maxSeconds: DOWNLOAD_LINK_SECONDS });
}
