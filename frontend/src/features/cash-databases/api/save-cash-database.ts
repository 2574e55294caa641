import { mutate } from 'swr';
import { CashDatabase, type CashDatabaseCreate, type CashDatabaseUpdate } from '#schemas/cash-database';
import { apiFile, apiRequest, LONG_TIMEOUT_MS, type ApiFile } from '../../../lib/api';
import { cashDatabaseKey } from './get-cash-database';
import { cashDatabasesPath, revalidateCashDatabaseLists } from './get-cash-database-page';

async function stored(db: CashDatabase): Promise<CashDatabase> {
  await mutate(cashDatabaseKey(db.merchantId, db.id), db, { revalidate: false });
  void revalidateCashDatabaseLists();
  return db;
}

/** POST /merchants/{id}/cash-databases → 201 once the uploaded file is checked and hashed (long: the file is read from the bucket). */
export async function createCashDatabase(merchantId: string, input: CashDatabaseCreate): Promise<CashDatabase> {
  return stored(await apiRequest(cashDatabasesPath(merchantId), { method: 'POST', body: input, schema: CashDatabase, timeoutMs: LONG_TIMEOUT_MS }));
}

/** PUT /merchants/{id}/cash-databases/{cashDatabaseId}: the description. */
export async function updateCashDatabase(merchantId: string, id: string, input: CashDatabaseUpdate): Promise<CashDatabase> {
  return stored(await apiRequest(cashDatabaseKey(merchantId, id), { method: 'PUT', body: input, schema: CashDatabase }));
}

/** DELETE → 204; 409 CashDatabaseInUseException while a rule uses it. */
export async function deleteCashDatabase(merchantId: string, id: string): Promise<void> {
  await apiRequest<void>(cashDatabaseKey(merchantId, id), { method: 'DELETE' });
  await mutate(cashDatabaseKey(merchantId, id), undefined, { revalidate: false });
  void revalidateCashDatabaseLists();
}

/** GET …/download answers 302 to a short-lived presigned GET of the file, which fetch follows. */
export const downloadCashDatabase = (merchantId: string, id: string): Promise<ApiFile> =>
  apiFile(`${cashDatabaseKey(merchantId, id)}/download`, { timeoutMs: LONG_TIMEOUT_MS });
