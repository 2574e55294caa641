import { LicenseConfirmation } from '#schemas/licence';
import { apiRequest } from '../../../lib/api';

const path = (token: string) => `/license/confirm-license/${encodeURIComponent(token)}`;

/** GET /license/confirm-license/{token} (public): the client's data the e-mailed link is for. */
export const getLicenseConfirmation = (token: string) => apiRequest(path(token), { schema: LicenseConfirmation, anonymous: true });

/** POST /license/confirm-license/{token} (public): the client confirms; the link is spent. */
export const confirmLicense = (token: string) => apiRequest(path(token), { method: 'POST', schema: LicenseConfirmation, anonymous: true });
