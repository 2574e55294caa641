import { mutate } from 'swr';
import { Merchant, type MerchantInput } from '#schemas/merchant';
import { apiRequest } from '../../../lib/api';
import { revalidateMerchantLists } from './get-merchant-page';
import { merchantKey } from './get-merchant';

/** POST /merchants → 201 with the new merchant; 409 DuplicateMerchantNameException when the name is taken. */
export async function createMerchant(input: MerchantInput): Promise<Merchant> {
  const merchant = await apiRequest('/merchants', { method: 'POST', body: input, schema: Merchant });
  await mutate(merchantKey(merchant.id), merchant, { revalidate: false });
  void revalidateMerchantLists();
  return merchant;
}
