import { Customer } from '#schemas/customer';
import { apiRequest } from '../../../lib/api';
import { customerKey, showCustomer } from './get-customer';
import { revalidateCustomers } from './get-customer-page';
import { revalidateMedias } from './get-media-page';

/**
 * POST /customers/{id}/medias {mediaId} (associate; 409 when another customer has it) or DELETE
 * /customers/{id}/medias/{mediaId} (dissociate), ?merchantId: the customer as it is after.
 */
export async function setMediaAssociation(merchantId: string, id: string, mediaId: string, associated: boolean): Promise<Customer> {
  const customer = associated
    ? await apiRequest(`${customerKey(id)}/medias`, { method: 'POST', query: { merchantId }, body: { mediaId }, schema: Customer })
    : await apiRequest(`${customerKey(id)}/medias/${encodeURIComponent(mediaId)}`, { method: 'DELETE', query: { merchantId }, schema: Customer });
  await showCustomer(merchantId, customer);
  void revalidateCustomers();
  void revalidateMedias();
  return customer;
}
