import { PostalCodePlace } from '#schemas/collections';
import { apiGet } from '../../../lib/api';

/** GET /autocomplete/postalcode/{country}/{code} (public): city and province; 404 PostalCodeNotRecognisedException when unknown. */
export const lookupPostalCode = (country: string, code: string, signal?: AbortSignal) =>
  apiGet(`/autocomplete/postalcode/${encodeURIComponent(country)}/${encodeURIComponent(code)}`, PostalCodePlace, { anonymous: true, signal });
