import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { Merchant } from '#schemas/merchant-entity';
import { MerchantSettings, SuperAdminSettings } from '#schemas/merchant-settings-entity';
import type { ErpSettings, PlanogramLines, PriceContext, PricesSyncMode } from '../../core/prices/ports';
import { apiTokenHashOf, StoredApiToken } from './api-token-record';
import { batchGetItems } from './batch-items';
import * as keys from './keys';
import { recordSchema } from './records';

type Item = Record<string, unknown>;

/** The projections read, parsed (ACCESS-PATTERNS: Record schemas), each a part of its entity's record. */
const planogramLines = recordSchema('planogram', z.object({ id: z.string(), lines: z.array(z.object({ selection: z.string(), productId: z.string() })) }));
const planogramSelections = recordSchema('planogram', z.object({ lines: z.array(z.object({ selection: z.string() })) }));
const posPlanogram = recordSchema('pos', z.object({ planogramId: z._default(z.nullable(z.string()), null) }));
const merchantCurrency = recordSchema('merchant', z.pick(Merchant, { currency: true }));
const erpSettings = recordSchema('merchantSettings', z.extend(z.pick(MerchantSettings, { pricesSync: true }), StoredApiToken.shape));
const erpApi = recordSchema('superAdminSettings', z.pick(SuperAdminSettings, { erpApi: true }));
const pricesSync = recordSchema('merchantSettings', z.pick(MerchantSettings, { pricesSync: true }));

/**
 * What prices read of other entities, each as a projected GetItem of its item (ACCESS-PATTERNS P3), so the
 * price groups and triggers carry no entity stores: a machine's planogram, a merchant's currency and settings.
 */
export class DynamoPriceContext implements PriceContext {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  private async read(key: Record<string, string>, projection: string[]): Promise<Item | undefined> {
    const names = Object.fromEntries(['pk', 'sk', ...projection].map((p, i) => [`#p${i}`, p]));
    const res = await this.doc.send(
      new GetCommand({ TableName: this.tableName, Key: key, ProjectionExpression: Object.keys(names).join(', '), ExpressionAttributeNames: names }),
    );
    return res.Item;
  }

  async planogram(merchantId: string, id: string): Promise<PlanogramLines | undefined> {
    const item = await this.read(keys.planogram(merchantId, id), ['id', 'lines']);
    return item && planogramLines.read(item);
  }

  async merchantCurrency(merchantId: string): Promise<string | undefined> {
    const item = await this.read(keys.merchant(merchantId), ['currency']);
    return item && merchantCurrency.read(item).currency;
  }

  /** Both settings items in one BatchGetItem; undefined until the merchant saved its settings (no API token yet). */
  async erpSettings(merchantId: string): Promise<ErpSettings | undefined> {
    const [settingsKey, superKey] = [keys.merchantSettings(merchantId), keys.superAdminSettings(merchantId)];
    const items = await batchGetItems(this.doc, this.tableName, [settingsKey, superKey]);
    const settings = items.find((i) => i.sk === settingsKey.sk);
    if (!settings) return undefined;
    const superSettings = items.find((i) => i.sk === superKey.sk);
    // Super-admin settings never saved: the ERP API is off (its default).
    const { pricesSync, ...token } = erpSettings.read(settings);
    return { apiTokenHash: apiTokenHashOf(token), pricesSync, erpApi: superSettings ? erpApi.read(superSettings).erpApi : false };
  }
}

/** The merchant's prices sync setting (merchant settings item; IMMEDIATE when never saved, as its default). */
export async function readPricesSync(doc: DynamoDBDocumentClient, tableName: string, merchantId: string): Promise<PricesSyncMode> {
  const res = await doc.send(new GetCommand({ TableName: tableName, Key: keys.merchantSettings(merchantId), ProjectionExpression: 'pk, sk, pricesSync' }));
  return res.Item ? pricesSync.read(res.Item).pricesSync : 'IMMEDIATE';
}

/** The selections of the machine's planogram (its POS item, then the planogram's): undefined without one. */
export async function readPlanogramSelections(
  doc: DynamoDBDocumentClient,
  tableName: string,
  merchantId: string,
  serial: string,
): Promise<string[] | undefined> {
  const pos = await doc.send(new GetCommand({ TableName: tableName, Key: keys.pos(merchantId, serial), ProjectionExpression: 'pk, sk, planogramId' }));
  const planogramId = pos.Item && posPlanogram.read(pos.Item).planogramId;
  if (!planogramId) return undefined;
  const planogram = await doc.send(
    new GetCommand({
      TableName: tableName,
      Key: keys.planogram(merchantId, planogramId),
      ProjectionExpression: 'pk, sk, #l',
      ExpressionAttributeNames: { '#l': 'lines' },
    }),
  );
  return planogram.Item && planogramSelections.read(planogram.Item).lines.map((l) => l.selection);
}
