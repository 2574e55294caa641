import { mutate } from 'swr';
import { Merchant, type MerchantInput } from '#schemas/merchant';
import { apiRequest } from '../../../lib/api';
import { revalidateMerchantLists } from './get-merchant-page';
import { merchantKey } from './get-merchant';

/** PUT /merchants/{id}: replaces every editable field (features included). */
export async function updateMerchant(id: string, input: MerchantInput): Promise<Merchant> {
  const merchant = await apiRequest(merchantKey(id), { method: 'PUT', body: input, schema: Merchant });
  await mutate(merchantKey(id), merchant, { revalidate: false });
  void revalidateMerchantLists();
  return merchant;
}
