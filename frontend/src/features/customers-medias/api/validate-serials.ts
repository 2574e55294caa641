import { SerialValidation } from '#schemas/media';
import { apiRequest } from '../../../lib/api';

/** POST /medias/validate-serials?merchantId {mediaSerials}: which exist (refundable), are blocked or lost, repeat, are unknown or ambiguous. */
export function validateSerials(merchantId: string, mediaSerials: string[]): Promise<SerialValidation> {
  return apiRequest('/medias/validate-serials', { method: 'POST', query: { merchantId }, body: { mediaSerials }, schema: SerialValidation });
}
