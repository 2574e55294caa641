import { mutate } from 'swr';
import { SapCode, type SapCodeCreate, type SapCodeInput } from '#schemas/sap-code';
import { apiRequest } from '../../../lib/api';
import { sapCodeKey } from './get-sap-code';
import { revalidateSapCodeLists, SAP_CODES_PATH } from './get-sap-code-page';

async function stored(sapCode: SapCode): Promise<SapCode> {
  await mutate(sapCodeKey(sapCode.id), sapCode, { revalidate: false });
  void revalidateSapCodeLists();
  return sapCode;
}

/** POST /sapcodes → 201; 409 DuplicateSapCodeException. */
export async function createSapCode(input: SapCodeCreate): Promise<SapCode> {
  return stored(await apiRequest(SAP_CODES_PATH, { method: 'POST', body: input, schema: SapCode }));
}

/** PUT /sapcodes/{sapCodeId}: same checks as create. */
export async function updateSapCode(id: string, input: SapCodeInput): Promise<SapCode> {
  return stored(await apiRequest(sapCodeKey(id), { method: 'PUT', body: input, schema: SapCode }));
}
