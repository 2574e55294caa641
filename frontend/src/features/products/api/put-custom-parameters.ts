import { mutate } from 'swr';
import { CustomParameters, type CustomParametersInput } from '#schemas/product';
import { apiRequest } from '../../../lib/api';
import { customParametersKey } from './get-custom-parameters';

/** PUT /merchants/{id}/products/custom-parameters: the whole list. */
export async function putCustomParameters(merchantId: string, input: CustomParametersInput): Promise<CustomParameters> {
  const saved = await apiRequest(customParametersKey(merchantId), { method: 'PUT', body: input, schema: CustomParameters });
  await mutate(customParametersKey(merchantId), saved, { revalidate: false });
  return saved;
}
