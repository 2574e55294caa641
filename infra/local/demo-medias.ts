/**
 * What Acme's admin did with its cashless keys during the demo week (issue 20), after the week's sales made them media
 * records (simulated-payments.ts's demo keys, played through ingestion): two keys blocked, a lost key whose credit
 * moved to a new key (registered by a recharge at a recharge station), refunds (one held for a machine). The new
 * key's message id and the refunds' idempotency keys are fixed, and each action is done only from the state it
 * changes, so a seed played again (an interrupted first start) does nothing twice.
 */
import { DynamoRefundContext } from '../../functions/adapters/dynamodb/refund-context';
import { ingestBatch } from '../../functions/core/ingestion/kinds';
import type { IngestionDeps } from '../../functions/core/ingestion/deps';
import { changeMediaStatus, refundMedia, reportLostKey, type MediaDeps } from '../../functions/core/medias/use-cases';
import { MEDIA_STATUS } from '#schemas/media-constants';
import { SOURCE_TYPE } from '#schemas/transaction-constants';
import { demoCall } from './demo-audit-trail';
import { demoKeys } from './simulated-payments';
import type { LocalRepositories } from './repositories';
import type { DemoUser } from './stack-info';

const MERCHANT = 'acme-vending';
const RECHARGE_MACHINE = 'CENG-00000001';
const REFUND_MACHINE = 'CENG-00000002';
/** The key a customer got when theirs was lost: registered by its first recharge. */
export const DEMO_NEW_KEY = { id: '04A1C0FFEE000001', serial: '04A1000001' };

/** The new key's first recharge, as the IoT rule hands a machine's sales message over. */
function newKeyRecharge(anchor: number) {
  const createdAt = new Date(anchor - 26 * 3_600_000).toISOString();
  return {
    messageId: 'demo-media-new-key',
    serial: RECHARGE_MACHINE,
    sentAt: createdAt,
    type: 'sales' as const,
    payload: {
      transactions: [
        {
          id: 'NEWKEY1',
          type: 4 as const,
          line: 0,
          productCode: '',
          priceTable: 1,
          value: 1000,
          currency: 'EUR' as const,
          mediaType: 2 as const,
          createdAt,
          media: { ...DEMO_NEW_KEY, credit: 1000, counter: 1 },
          source: { type: SOURCE_TYPE.rechargeStation, serial: `RS-${MERCHANT.slice(0, 8)}` },
        },
      ],
    },
    topic: `vend/${RECHARGE_MACHINE}/sales`,
    receivedAt: Date.parse(createdAt) + 2000,
  };
}

export async function seedDemoMedias(
  deps: LocalRepositories,
  ingestion: IngestionDeps,
  users: readonly DemoUser[],
  anchor = Date.parse(deps.now()),
): Promise<void> {
  const admin = users.find((u) => u.role === 'NEBULARMERCHANTADMIN' && u.merchantIds.includes(MERCHANT));
  if (!admin) return;
  const outcome = await ingestBatch('sales', [newKeyRecharge(anchor)], { ...ingestion, nowMs: () => anchor });
  if (outcome.failed.length || outcome.keptAside) throw new Error(`demo medias: ${outcome.failed.length} failed, ${outcome.keptAside} kept aside`);

  const principal = { userId: admin.email, email: admin.email, role: admin.role, merchantIds: admin.merchantIds, groupIds: [], allMerchants: false };
  const media: MediaDeps = { medias: deps.medias, refundContext: new DynamoRefundContext(deps.doc, deps.config.tableName), pos: deps.pos, now: deps.now };
  const keys = demoKeys(MERCHANT).map((k) => k.id);
  const status = async (id: string) => (await deps.medias.get(MERCHANT, id))?.status;
  // Each action leaves the audit trail entry its API call would (demo-audit-trail.ts).
  const played = <T>(id: string, path: string, mediaId: string, status: number, run: () => Promise<T>) =>
    demoCall(deps, principal, { route: { id, method: 'POST', path }, params: { mediaId }, merchantId: MERCHANT, status }, run);
  for (const id of [keys[3]!, keys[4]!])
    if ((await status(id)) === MEDIA_STATUS.ok)
      await played('medias.block', '/medias/{mediaId}/block', id, 200, () => changeMediaStatus(media, principal, MERCHANT, id, 'block'));
  if ((await status(keys[5]!)) === MEDIA_STATUS.ok)
    await played('medias.lostMyKey', '/medias/{mediaId}/lost-my-key', keys[5]!, 200, () =>
      reportLostKey(media, principal, MERCHANT, keys[5]!, DEMO_NEW_KEY.id),
    );
  // A key the week never used is no media record yet: nothing to refund.
  for (const [k, body] of [
    [2, { refund: 300 }],
    [6, { refund: 500 }],
    [7, { refund: 150, device: REFUND_MACHINE }],
  ] as const) {
    if ((await status(keys[k]!)) === MEDIA_STATUS.ok)
      await played(
        'device' in body ? 'medias.refundMachine' : 'medias.refund',
        'device' in body ? '/medias/{mediaId}/refund-machine' : '/medias/{mediaId}/refund',
        keys[k]!,
        201,
        () => refundMedia(media, principal, MERCHANT, keys[k]!, body, `demo-refund-${k}`),
      );
  }
}
