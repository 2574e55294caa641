import * as z from 'zod/mini';

/* Apart from collections.ts (which re-exports them) so that the machine schemas bundle none of the reference data's. */

export const CASH_DEVICE_TYPES = ['CSAF', 'C100', 'C150', 'C15X', 'CA23', 'C23X'] as const;
export const VENDING_DEVICE_TYPES = ['CUNI', 'CENG', 'CHEX', 'LITHOS', 'CEMB', 'AZNE', 'AZVT', 'CDUK', 'CELY', 'AZNS'] as const;
export const DEVICE_TYPES = [...CASH_DEVICE_TYPES, ...VENDING_DEVICE_TYPES] as const;
export const DeviceTypeCode = z.enum(DEVICE_TYPES);
