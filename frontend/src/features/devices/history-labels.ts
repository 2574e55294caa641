import { AUDIT_PORTS } from '#schemas/iot';
import type { AuditIntegrity } from '#schemas/pos-history';

type AuditPort = (typeof AUDIT_PORTS)[number];

/** Spec §4 audit origins. */
export const AUDIT_ORIGIN_MESSAGES: Record<number, string> = {
  0: 'labels.auditOrigin.undefined',
  1: 'labels.auditOrigin.user',
  2: 'labels.auditOrigin.scheduled',
  3: 'labels.auditOrigin.remote',
  4: 'labels.auditOrigin.remoteRefill',
  5: 'labels.auditOrigin.initial',
  6: 'labels.auditOrigin.priceChange',
};

/** Spec §3 audit ports. */
export const AUDIT_PORT_MESSAGES: Record<AuditPort, string> = {
  auto: 'labels.auditPort.auto',
  cashless: 'labels.auditPort.cashless',
  machine: 'labels.auditPort.machine',
  coinChanger: 'labels.auditPort.coinChanger',
  internal: 'labels.auditPort.internal',
};

/** Why an audit's EVA-DTS file is not whole (its figures are not used). */
export const AUDIT_INTEGRITY_MESSAGES: Record<Exclude<AuditIntegrity, 'whole'>, string> = {
  cut: 'labels.auditIntegrity.cut',
  'crc-mismatch': 'labels.auditIntegrity.crcMismatch',
  'segment-count-mismatch': 'labels.auditIntegrity.segmentCountMismatch',
};
