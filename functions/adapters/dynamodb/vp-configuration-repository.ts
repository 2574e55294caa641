import { GetCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { VpConfiguration, VpConfigurationVersion } from '#schemas/vp-configuration';
import { DuplicateVpConfigNameException, VpConfigChangedConcurrentlyException, VpConfigurationNotFoundException } from '../../core/vp-configurations/errors';
import type { ReportedValues, VpConfigurationRepository, VpDeployment, VpSlice } from '../../core/vp-configurations/ports';
import { batchGetItems } from './batch-items';
import * as keys from './keys';
import { NamedEntityStore } from './named-entity-store';
import { countQuery, queryPage } from './paging';
import { recordSchema } from './records';
import { isTransactionCancelled } from './transactions';

export const vpConfigurationRecord = recordSchema<VpConfiguration>('vpConfiguration', VpConfiguration);
export const vpConfigurationVersionRecord = recordSchema<VpConfigurationVersion>('vpConfigurationVersion', VpConfigurationVersion);
const deploymentRecord = recordSchema<VpDeployment>(
  'vpConfigurationPos',
  z.object({
    configurationId: z.string(),
    serial: z.string(),
    posName: z.string(),
    groupId: z.nullable(z.string()),
    sentVersion: z.number(),
    sentAt: z.string(),
    sentBy: z.string(),
    commandId: z.string(),
  }),
);
const reportedRecord = z.object({ serial: z.string(), reportedAt: z.string(), values: z.record(z.string(), z.string()) });

/** A group admin's machines: those sent while in one of its groups (at most 100 groups, DynamoDB's IN). */
function groupFilter(groupIds: readonly string[] | undefined) {
  if (!groupIds) return {};
  const values = Object.fromEntries(groupIds.map((g, i) => [`:g${i}`, g]));
  return { filter: { expression: `#group IN (${Object.keys(values).join(', ')})`, names: { '#group': 'groupId' }, values } };
}

/** How many times a send retries when the machine's pointer moved under it (another send at the same moment). */
const POINTER_ATTEMPTS = 3;

export class DynamoVpConfigurationRepository implements VpConfigurationRepository {
  private readonly store: NamedEntityStore<VpConfiguration>;

  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {
    this.store = new NamedEntityStore<VpConfiguration>(doc, tableName, {
      entity: 'vpConfiguration',
      record: vpConfigurationRecord,
      key: keys.vpConfiguration,
      byName: keys.vpConfigurationByName,
      listPartition: keys.merchantVpConfigurationsPk,
      nameGuard: keys.vpConfigurationNameGuard,
      guardOwner: 'vpConfigurationId',
      counterName: (merchantId) => `MERCHANT#${merchantId}#VPCONFIGS`,
      editable: ['name', 'deviceType', 'content', 'version', 'bytes', 'updatedAt', 'updatedBy'],
      duplicate: () => new DuplicateVpConfigNameException(),
      notFound: () => new VpConfigurationNotFoundException(),
    });
  }

  /** A version's item: written only once (a second save of the same version fails its condition). */
  private versionPut(merchantId: string, v: VpConfigurationVersion) {
    return {
      Put: {
        TableName: this.tableName,
        Item: { ...v, ...keys.vpConfigurationVersion(merchantId, v.configurationId, v.version), entity: 'vpConfigurationVersion', merchantId },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    };
  }

  get(merchantId: string, id: string) {
    return this.store.get(merchantId, id);
  }

  listSlice(merchantId: string, req: VpSlice) {
    return this.store.listSlice(merchantId, req);
  }

  count(merchantId: string) {
    return this.store.count(merchantId);
  }

  create(configuration: VpConfiguration, version: VpConfigurationVersion) {
    return this.store.create(configuration, { items: [this.versionPut(configuration.merchantId, version)] });
  }

  update(current: VpConfiguration, next: VpConfiguration, version: VpConfigurationVersion) {
    return this.store.update(current, next, {
      items: [this.versionPut(current.merchantId, version)],
      failed: () => new VpConfigChangedConcurrentlyException(),
    });
  }

  async version(merchantId: string, id: string, version: number) {
    const res = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.vpConfigurationVersion(merchantId, id, version) }));
    return res.Item ? vpConfigurationVersionRecord.read(res.Item) : undefined;
  }

  async versionsSlice(merchantId: string, id: string, req: VpSlice) {
    const slice = await queryPage(this.doc, {
      tableName: this.tableName,
      partition: keys.vpConfigurationPk(merchantId, id),
      beginsWith: keys.vpConfigurationVersionPrefix,
      forward: req.ordType === 'asc',
      offset: req.offset,
      limit: req.limit,
      cursor: req.cursor,
    });
    return { items: slice.items.map((i) => vpConfigurationVersionRecord.read(i)), ...(slice.cursor ? { cursor: slice.cursor } : {}) };
  }

  /**
   * The machine's pointer names the configuration it was last sent; the send moves the machine's entry from the
   * configuration it used before, in one transaction conditional on the pointer read.
   */
  async recordSend(merchantId: string, d: VpDeployment) {
    const pointerKey = keys.posVpConfiguration(merchantId, d.serial);
    for (let attempt = 1; ; attempt++) {
      const res = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: pointerKey, ConsistentRead: true }));
      const before = res.Item?.configurationId as string | undefined;
      try {
        await this.doc.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: this.tableName,
                  Item: { ...pointerKey, entity: 'posVpConfiguration', configurationId: d.configurationId, commandId: d.commandId },
                  ...(before === undefined
                    ? { ConditionExpression: 'attribute_not_exists(pk)' }
                    : { ConditionExpression: 'configurationId = :before', ExpressionAttributeValues: { ':before': before } }),
                },
              },
              {
                Put: {
                  TableName: this.tableName,
                  Item: { ...d, ...keys.vpConfigurationPos(merchantId, d.configurationId, d.serial), entity: 'vpConfigurationPos', merchantId },
                },
              },
              ...(before !== undefined && before !== d.configurationId
                ? [{ Delete: { TableName: this.tableName, Key: keys.vpConfigurationPos(merchantId, before, d.serial) } }]
                : []),
            ],
          }),
        );
        return;
      } catch (error) {
        if (!isTransactionCancelled(error) || attempt >= POINTER_ATTEMPTS) throw error;
      }
    }
  }

  async deploymentsSlice(merchantId: string, id: string, req: VpSlice, groupIds?: readonly string[]) {
    const slice = await queryPage(this.doc, {
      tableName: this.tableName,
      partition: keys.vpConfigurationPk(merchantId, id),
      beginsWith: keys.vpConfigurationPosPrefix,
      ...groupFilter(groupIds),
      forward: req.ordType === 'asc',
      offset: req.offset,
      limit: req.limit,
      cursor: req.cursor,
    });
    return { items: slice.items.map((i) => deploymentRecord.read(i)), ...(slice.cursor ? { cursor: slice.cursor } : {}) };
  }

  deploymentsCount(merchantId: string, id: string, groupIds?: readonly string[]) {
    return countQuery(this.doc, {
      tableName: this.tableName,
      partition: keys.vpConfigurationPk(merchantId, id),
      beginsWith: keys.vpConfigurationPosPrefix,
      ...groupFilter(groupIds),
    });
  }

  async reported(merchantId: string, serials: readonly string[]) {
    const items = await batchGetItems(
      this.doc,
      this.tableName,
      serials.map((s) => keys.posConfigLatest(merchantId, s)),
    );
    const out = new Map<string, ReportedValues>();
    for (const item of items) {
      const r = z.safeParse(reportedRecord, item);
      if (r.success) out.set(r.data.serial, { values: r.data.values, reportedAt: r.data.reportedAt });
    }
    return out;
  }
}
