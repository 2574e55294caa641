/**
 * Historical data requests through the API (spec §2 data-retrieval-requests, §3, §7 /historicaldata): one
 * merchant's data of a date range, exported by a workflow to a CSV file that is downloaded while its link is valid.
 */
import { AUDIT_TRAIL_PLATFORM_MERCHANT } from '#schemas/audit-constants';
import type { HistoricalDataCreate, HistoricalDataListQuery, HistoricalDataRequest } from '#schemas/historical-data';
import { MAX_ACTIVE_DATA_REQUESTS, TECHNICAL_FAILURE } from '#schemas/historical-data-constants';
import type { Merchant } from '#schemas/merchant';
import type { Page } from '#schemas/paging';
import type { MerchantRepository } from '../merchants/ports';
import { MerchantNotFoundException } from '../merchants/errors';
import { getMerchant } from '../merchants/use-cases';
import { ValidationError } from '../shared/domain-error';
import { pageOf } from '../shared/page';
import type { Principal } from '../shared/principal';
import { timeOrderedId } from '../shared/time-ordered-id';
import type { WorkflowStarter } from '../shared/workflows';
import {
  DataRequestExpiredException,
  DataRequestNotReadyException,
  DataRequestNotRetryableException,
  HistoricalDataRequestNotFoundException,
  TooManyActiveDataRequestsException,
} from './errors';
import { exportFileName, isExpired, viewOf } from './model';
import type { DataRequestRepository, ExportFiles, StoredDataRequest } from './ports';
import { recordChange } from '../audit/change-recorder';

export interface DataRequestDeps {
  merchants: Pick<MerchantRepository, 'get'>;
  dataRequests: DataRequestRepository;
  exportFiles: Pick<ExportFiles, 'downloadUrl' | 'remove'>;
  workflows: WorkflowStarter;
  now: () => string;
}

/** How long a download link lives: the 302's presigned GET, never past the request's link validity. */
export const DOWNLOAD_LINK_SECONDS = 300;
const MAX_WRITE_ATTEMPTS = 5;

const executionName = (r: Pick<StoredDataRequest, 'id' | 'attempts'>) => `${r.id}-${r.attempts}`;

/** Starts the export of the request's current attempt; one that cannot start ends in Error (retry can start it again). */
async function startExport(deps: Pick<DataRequestDeps, 'dataRequests' | 'workflows'>, r: StoredDataRequest): Promise<StoredDataRequest> {
  try {
    await deps.workflows.start('historicalData', { merchantId: r.merchantId, requestId: r.id, attempt: r.attempts }, executionName(r));
    return r;
  } catch (error) {
    await deps.dataRequests.fail(r.merchantId, r.id, r.attempts, TECHNICAL_FAILURE);
    throw error;
  }
}

export interface NewRequest extends HistoricalDataCreate {
  createdBy: string;
  subscriptionId: string | null;
  /** A subscription's run names its request, so that running it twice makes one request. */
  id?: string;
}

/**
 * Stores a request in status Created (at most MAX_ACTIVE_DATA_REQUESTS per merchant, counted atomically) and starts
 * its export. The same for a manual request and a subscription's.
 */
export async function makeRequest(
  deps: Pick<DataRequestDeps, 'dataRequests' | 'workflows' | 'now'>,
  merchant: Pick<Merchant, 'id'>,
  input: NewRequest,
): Promise<StoredDataRequest> {
  const now = deps.now();
  const request: StoredDataRequest = {
    id: input.id ?? timeOrderedId(now),
    merchantId: merchant.id,
    dataType: input.dataType,
    startDate: input.startDate,
    endDate: input.endDate,
    status: 'Created',
    message: null,
    rows: null,
    size: null,
    creationDate: now,
    createdBy: input.createdBy,
    completedAt: null,
    linkValidUntil: null,
    subscriptionId: input.subscriptionId,
    attempts: 1,
    fileKey: null,
  };
  const outcome = await deps.dataRequests.create(request, MAX_ACTIVE_DATA_REQUESTS);
  if (outcome === 'tooMany') throw new TooManyActiveDataRequestsException(MAX_ACTIVE_DATA_REQUESTS);
  if (outcome === 'exists') {
    const made = await deps.dataRequests.get(merchant.id, request.id);
    if (!made) throw new HistoricalDataRequestNotFoundException();
    // Made by a run that stopped before starting it: starting again under the same execution name is harmless.
    return made.status === 'Created' ? startExport(deps, made) : made;
  }
  recordChange('dataRequest', request.id, undefined, request);
  return startExport(deps, request);
}

/**
 * Whose requests these are: a merchant the caller may see, or, for the super admin only, the platform
 * (AUDIT_TRAIL_PLATFORM_MERCHANT), whose only data is its audit trail. Anything else answers 404.
 */
async function ownerOf(deps: Pick<DataRequestDeps, 'merchants'>, principal: Principal, merchantId: string): Promise<Pick<Merchant, 'id'>> {
  if (merchantId !== AUDIT_TRAIL_PLATFORM_MERCHANT) return getMerchant(deps, principal, merchantId);
  if (principal.role !== 'NEBULARSUPERADMIN') throw new MerchantNotFoundException();
  return { id: merchantId };
}

export async function createDataRequest(
  deps: DataRequestDeps,
  principal: Principal,
  merchantId: string,
  body: HistoricalDataCreate,
): Promise<HistoricalDataRequest> {
  const merchant = await ownerOf(deps, principal, merchantId);
  if (merchant.id === AUDIT_TRAIL_PLATFORM_MERCHANT && body.dataType !== 'AuditTrail')
    throw new ValidationError('ValidationException', 'the platform exports only its audit trail (dataType AuditTrail)', [
      { path: 'body.dataType', message: 'the platform exports only AuditTrail' },
    ]);
  const made = await makeRequest(deps, merchant, { ...body, createdBy: principal.email, subscriptionId: null });
  return viewOf(made, deps.now());
}

/** A request of a merchant the caller may see; anything else answers 404. */
async function requireRequest(deps: DataRequestDeps, principal: Principal, merchantId: string, id: string): Promise<StoredDataRequest> {
  await ownerOf(deps, principal, merchantId);
  const request = await deps.dataRequests.get(merchantId, id);
  if (!request) throw new HistoricalDataRequestNotFoundException();
  return request;
}

export async function listDataRequests(
  deps: DataRequestDeps,
  principal: Principal,
  merchantId: string,
  q: HistoricalDataListQuery,
): Promise<Page<HistoricalDataRequest>> {
  await ownerOf(deps, principal, merchantId);
  const now = deps.now();
  const filter = { status: q.status, dataType: q.dataType, now };
  const [slice, total] = await Promise.all([
    deps.dataRequests.list(merchantId, filter, { offset: (q.page - 1) * q.size, limit: q.size, ordType: q.ordType, cursor: q.cursor }),
    deps.dataRequests.count(merchantId, filter),
  ]);
  return pageOf(q, { ...slice, items: slice.items.map((r) => viewOf(r, now)) }, total);
}

export async function getDataRequest(deps: DataRequestDeps, principal: Principal, merchantId: string, id: string): Promise<HistoricalDataRequest> {
  return viewOf(await requireRequest(deps, principal, merchantId, id), deps.now());
}

/** Deletes the request and its file. An export still running finds it gone, and removes what it wrote. */
export async function deleteDataRequest(deps: DataRequestDeps, principal: Principal, merchantId: string, id: string): Promise<void> {
  for (let attempt = 0; attempt < MAX_WRITE_ATTEMPTS; attempt++) {
    const request = await requireRequest(deps, principal, merchantId, id);
    if (!(await deps.dataRequests.remove(request))) continue;
    recordChange('dataRequest', id, request, undefined);
    if (request.fileKey) await deps.exportFiles.remove(request.fileKey);
    return;
  }
  throw new Error(`historical data request ${id} kept changing during ${MAX_WRITE_ATTEMPTS} attempts`);
}

/** Error → Created at the next attempt, exported again to a new file (counts against the active maximum). */
export async function retryDataRequest(deps: DataRequestDeps, principal: Principal, merchantId: string, id: string): Promise<HistoricalDataRequest> {
  const request = await requireRequest(deps, principal, merchantId, id);
  if (request.status !== 'Error') throw new DataRequestNotRetryableException();
  const outcome = await deps.dataRequests.retry(request, MAX_ACTIVE_DATA_REQUESTS);
  if (outcome === 'tooMany') throw new TooManyActiveDataRequestsException(MAX_ACTIVE_DATA_REQUESTS);
  if (outcome === 'changed') throw new DataRequestNotRetryableException();
  const next: StoredDataRequest = { ...request, status: 'Created', message: null, attempts: request.attempts + 1 };
  recordChange('dataRequest', id, request, next);
  return viewOf(await startExport(deps, next), deps.now());
}

/**
 * Where the file can be fetched: a presigned GET valid a few minutes and never past the link validity. Once that
 * has ended the request becomes Expired and its file is removed (the bucket's lifecycle rule removes any the
 * API never saw expire).
 */
export async function downloadTarget(deps: DataRequestDeps, principal: Principal, merchantId: string, id: string): Promise<string> {
  const request = await requireRequest(deps, principal, merchantId, id);
  const now = deps.now();
  if (isExpired(request, now)) {
    if (request.status === 'Completed' && (await deps.dataRequests.expire(merchantId, id)) && request.fileKey) await deps.exportFiles.remove(request.fileKey);
    throw new DataRequestExpiredException();
  }
  if (request.status !== 'Completed' || !request.fileKey) throw new DataRequestNotReadyException();
  return deps.exportFiles.downloadUrl(request.fileKey, {
    fileName: exportFileName(request),
    until: request.linkValidUntil ?? undefined,
    maxSeconds: DOWNLOAD_LINK_SECONDS,
  });
}
