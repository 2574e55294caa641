import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ErpSettings, PlanogramLines, PriceContext, PricesSyncMode } from '../../core/prices/ports';
import { batchGetItems } from './batch-items';
import * as keys from './keys';

/**
 * What prices read of other entities, each as a projected GetItem of its item (ACCESS-PATTERNS P3), so the
 * price groups and triggers carry no entity stores: a machine's planogram, a merchant's currency and settings.
 */
export class DynamoPriceContext implements PriceContext {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  private async read(key: Record<string, string>, projection: string[]): Promise<Record<string, unknown> | undefined> {
    const names = Object.fromEntries(projection.map((p, i) => [`#p${i}`, p]));
    const res = await this.doc.send(
      new GetCommand({ TableName: this.tableName, Key: key, ProjectionExpression: Object.keys(names).join(', '), ExpressionAttributeNames: names }),
    );
    return res.Item;
  }

  async planogram(merchantId: string, id: string): Promise<PlanogramLines | undefined> {
    const item = await this.read(keys.planogram(merchantId, id), ['id', 'lines']);
    return item && { id: String(item.id), lines: (item.lines as PlanogramLines['lines']).map((l) => ({ selection: l.selection, productId: l.productId })) };
  }

  async merchantCurrency(merchantId: string): Promise<string | undefined> {
    const item = await this.read(keys.merchant(merchantId), ['currency']);
    return item && String(item.currency);
  }

  /** Both settings items in one BatchGetItem; undefined until the merchant saved its settings (no API token yet). */
  async erpSettings(merchantId: string): Promise<ErpSettings | undefined> {
    const [settingsKey, superKey] = [keys.merchantSettings(merchantId), keys.superAdminSettings(merchantId)];
    const items = await batchGetItems(this.doc, this.tableName, [settingsKey, superKey]);
    const settings = items.find((i) => i.sk === settingsKey.sk);
    if (!settings) return undefined;
    return { apiToken: String(settings.apiToken ?? ''), pricesSync: pricesSyncOf(settings), erpApi: items.find((i) => i.sk === superKey.sk)?.erpApi === true };
  }
}

/** IMMEDIATE unless set to AFTER_AUDIT (the default of settings never saved). */
const pricesSyncOf = (settings: Record<string, unknown> | undefined): PricesSyncMode => (settings?.pricesSync === 'AFTER_AUDIT' ? 'AFTER_AUDIT' : 'IMMEDIATE');

/** The merchant's prices sync setting (merchant settings item; IMMEDIATE when never saved, as its default). */
export async function readPricesSync(doc: DynamoDBDocumentClient, tableName: string, merchantId: string): Promise<PricesSyncMode> {
  const res = await doc.send(new GetCommand({ TableName: tableName, Key: keys.merchantSettings(merchantId), ProjectionExpression: 'pricesSync' }));
  return pricesSyncOf(res.Item);
}

/** The selections of the machine's planogram (its POS item, then the planogram's): undefined without one. */
export async function readPlanogramSelections(
  doc: DynamoDBDocumentClient,
  tableName: string,
  merchantId: string,
  serial: string,
): Promise<string[] | undefined> {
  const pos = await doc.send(new GetCommand({ TableName: tableName, Key: keys.pos(merchantId, serial), ProjectionExpression: 'planogramId' }));
  const planogramId = pos.Item?.planogramId;
  if (typeof planogramId !== 'string') return undefined;
  const planogram = await doc.send(
    new GetCommand({
      TableName: tableName,
      Key: keys.planogram(merchantId, planogramId),
      ProjectionExpression: '#l',
      ExpressionAttributeNames: { '#l': 'lines' },
    }),
  );
  const lines = planogram.Item?.lines as Array<{ selection: string }> | undefined;
  return lines?.map((l) => l.selection);
}
