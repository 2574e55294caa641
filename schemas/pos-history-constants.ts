/**
 * Whether an audit's text arrived whole: `cut` (no ST … G85, SE and, after a DXS, DXE), `crc-mismatch` (G85),
 * `segment-count-mismatch` (SE01). Only a whole audit's figures are used (cash view, stock and prices).
 * Apart from pos-history.ts's zod, for the adapters and triggers that need only the values.
 */
export const AUDIT_INTEGRITIES = ['whole', 'cut', 'crc-mismatch', 'segment-count-mismatch'] as const;
export type AuditIntegrity = (typeof AUDIT_INTEGRITIES)[number];
