import { Customer, type CustomerConsentsInput } from '#schemas/customer';
import { apiRequest } from '../../../lib/api';
import { customerKey, showCustomer } from './get-customer';
import { revalidateCustomers } from './get-customer-page';

/** PUT /customers/{id}/privacy?merchantId: the consents that changed; a consent's date moves when it does. */
export async function updateConsents(merchantId: string, id: string, consents: CustomerConsentsInput): Promise<Customer> {
  const customer = await apiRequest(`${customerKey(id)}/privacy`, { method: 'PUT', query: { merchantId }, body: consents, schema: Customer });
  await showCustomer(merchantId, customer);
  void revalidateCustomers();
  return customer;
}
