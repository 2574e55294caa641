/**
 * Acme's cashless keys for `npm start` (issue 20): eight keys used at its machines through the week before (sales and
 * recharges played through ingestion, so they become media records, transactions and statistics as the machines'
 * own would), then what its admin did with them: two keys blocked, a lost key whose credit moved to a new one, refunds
 * (one held for a machine). Message ids and idempotency keys are fixed, and each action is done only from the state
 * it changes, so a seed played again (an interrupted first start) does nothing twice.
 */
import { DynamoRefundContext } from '../../functions/adapters/dynamodb/refund-context';
import { ingestBatch, type IngestionDeps } from '../../functions/core/ingestion/use-cases';
import { changeMediaStatus, refundMedia, reportLostKey, type MediaDeps } from '../../functions/core/medias/use-cases';
import { MEDIA_STATUS } from '../../schemas/media-constants';
import type { SaleTransaction } from '../../schemas/iot';
import type { LocalRepositories } from './repositories';
import type { DemoUser } from './stack-info';

const MERCHANT = 'acme-vending';
const MACHINES = ['CENG-00000001', 'CENG-00000002', 'CENG-00000003', 'CENG-00000004'] as const;
const HOUR = 3_600_000;

/** The demo keys: MediaId, printed serial, media type (2 MyKey, 5 Mifare, 8 EasyKey, 27 mobile app). */
export const DEMO_MEDIAS = [
  { id: 'A1C0FFEE00000001', serial: '04A1000001', mediaType: 2 },
  { id: 'A1C0FFEE00000002', serial: '04A1000002', mediaType: 2 },
  { id: 'A1C0FFEE00000003', serial: '04A1000003', mediaType: 5 },
  { id: 'A1C0FFEE00000004', serial: '04A1000004', mediaType: 5 },
  { id: 'A1C0FFEE00000005', serial: '04A1000005', mediaType: 8 },
  { id: 'A1C0FFEE00000006', serial: 'FFFFFFFFFF', mediaType: 27 },
  { id: 'A1C0FFEE00000007', serial: '04A1000007', mediaType: 2 },
  { id: 'A1C0FFEE00000008', serial: '04A1000008', mediaType: 2 },
] as const;

/** Each key's week: a recharge on its first day, then sales every day or two, the key's credit and counter moving. */
function weekOf(k: number, anchor: number) {
  const media = DEMO_MEDIAS[k]!;
  const uses = 3 + (k % 4);
  let credit = 0;
  return Array.from({ length: uses + 1 }, (_, n) => {
    const recharge = n === 0;
    const value = recharge ? 2000 : 80 + ((k * 7 + n * 13) % 8) * 10;
    credit += recharge ? value : -value;
    const machine = MACHINES[(k + n) % MACHINES.length]!;
    const createdAt = new Date(anchor - (6 - n) * 22 * HOUR - k * HOUR).toISOString();
    const transaction: SaleTransaction = {
      id: `K${k}N${n}`,
      type: recharge ? 4 : 3,
      line: recharge ? 0 : 10 + n,
      productCode: recharge ? '' : `P${String(10 + n).padStart(2, '0')}`,
      priceTable: recharge ? 1 : 2,
      value,
      currency: 'EUR',
      mediaType: media.mediaType,
      createdAt,
      media: { id: media.id, serial: media.serial, credit, counter: n + 1, ...(media.mediaType === 27 ? { externalService: 1 } : {}) },
      source: { type: media.mediaType === 27 ? 3 : 1, serial: MACHINES[k % MACHINES.length]! },
    };
    // As the IoT rule hands it over: the topic, and received a moment after.
    return { messageId: `demo-media-${k}-${n}`, serial: machine, sentAt: createdAt, type: 'sales' as const, payload: { transactions: [transaction] }, topic: `vend/${machine}/sales`, receivedAt: Date.parse(createdAt) + 2000 };
  });
}

export async function seedDemoMedias(deps: LocalRepositories, ingestion: IngestionDeps, users: readonly DemoUser[], anchor = Date.parse(deps.now())): Promise<void> {
  const admin = users.find((u) => u.role === 'NEBULARMERCHANTADMIN' && u.merchantIds.includes(MERCHANT));
  if (!admin) return;
  const events = DEMO_MEDIAS.flatMap((_, k) => weekOf(k, anchor));
  const outcome = await ingestBatch('sales', events, { ...ingestion, nowMs: () => anchor });
  if (outcome.failed.length || outcome.keptAside) throw new Error(`demo medias: ${outcome.failed.length} failed, ${outcome.keptAside} kept aside`);

  const principal = { userId: admin.email, email: admin.email, role: admin.role, merchantIds: admin.merchantIds, groupIds: [], allMerchants: false };
  const media: MediaDeps = { medias: deps.medias, refundContext: new DynamoRefundContext(deps.doc, deps.config.tableName), pos: deps.pos, now: deps.now };
  const status = async (k: number) => (await deps.medias.get(MERCHANT, DEMO_MEDIAS[k]!.id))?.status;
  for (const k of [4, 5]) if ((await status(k)) === MEDIA_STATUS.ok) await changeMediaStatus(media, principal, MERCHANT, DEMO_MEDIAS[k]!.id, 'block');
  if ((await status(6)) === MEDIA_STATUS.ok) await reportLostKey(media, principal, MERCHANT, DEMO_MEDIAS[6]!.id, DEMO_MEDIAS[7]!.id);
  await refundMedia(media, principal, MERCHANT, DEMO_MEDIAS[0]!.id, { refund: 300 }, 'demo-refund-0');
  await refundMedia(media, principal, MERCHANT, DEMO_MEDIAS[1]!.id, { refund: 500 }, 'demo-refund-1');
  await refundMedia(media, principal, MERCHANT, DEMO_MEDIAS[2]!.id, { refund: 150, device: MACHINES[1] }, 'demo-refund-2');
}
