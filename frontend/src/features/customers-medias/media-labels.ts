import { isUnsetMediaSerial, type MediaStatusCode } from '#schemas/media-constants';
import { mayCall } from '#schemas/api-roles';
import type { Role } from '#schemas/roles';

/** Spec §4 media status (0 OK, 1 blocked, 2 lost key), told in words and colour. */
const STATUS_LABELS: Record<MediaStatusCode, { messageId: string; tone: 'ok' | 'bad' | 'warn' }> = {
  0: { messageId: 'medias.status.ok', tone: 'ok' },
  1: { messageId: 'medias.status.blocked', tone: 'bad' },
  2: { messageId: 'medias.status.lostKey', tone: 'warn' },
};
/** The label of a status as the API sends it (a number; the schema admits only 0–2). */
export const mediaStatusLabel = (status: number) => STATUS_LABELS[status as MediaStatusCode];

/** Spec §3 external service of a media: 0 unknown, 1–5 the partners (the spec does not name them). */
export const externalServiceLabel = (service: number, format: (id: string, values?: Record<string, number>) => string) =>
  service === 0 ? format('medias.externalService.unknown') : format('medias.externalService.partner', { partner: service });

/** A printed serial, or "not set" for the all-F serial of a media without one (spec §3). */
export const mediaSerialText = (serial: string, format: (id: string) => string) => (isUnsetMediaSerial(serial) ? format('medias.serial.unset') : serial);

/** The routes of the money and media actions (refunds, block, unblock, lost-my-key, association). */
const MEDIA_ACTIONS = ['medias.refund', 'medias.batchRefund', 'medias.block', 'medias.unblock', 'medias.lostMyKey', 'customers.associateMedia'] as const;
/**
 * Every role reads medias; the media actions and customers are for who may call their routes (spec §2: not
 * merchant users).
 */
export const canActOnMedias = (role: Role | null | undefined) => MEDIA_ACTIONS.every((route) => mayCall(route, role));
export const canReadCustomers = (role: Role | null | undefined) => mayCall('customers.list', role);

const MEDIAS = '/customers-medias/medias';
const CUSTOMERS = '/customers-medias/customers';
/** A media's screen, or one of its tabs. */
export const mediaPath = (mediaId: string, tab?: 'transactions' | 'refunds') => `${MEDIAS}/${encodeURIComponent(mediaId)}${tab ? `/${tab}` : ''}`;
/** A customer's screen, or one of its tabs. */
export const customerPath = (id: string, tab?: 'transactions' | 'medias') => `${CUSTOMERS}/${encodeURIComponent(id)}${tab ? `/${tab}` : ''}`;
