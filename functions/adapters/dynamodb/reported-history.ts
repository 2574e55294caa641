/**
 * What machines reported, as ingestion stores it under each machine (ACCESS-PATTERNS I2–I5): history items
 * (idempotent puts keyed by time + messageId), the latest sale and audit times and the latest configuration,
 * moved forward only.
 */
import { PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Device, HistoryRecord, ReportedHistory } from '../../core/ingestion/ports';
import { batchPutItems } from './batch-items';
import * as keys from './keys';
import { saleIndexAttributes } from './transaction-records';
import { isConditionFailure } from './transactions';

/** Sensor samples feed the charts; they expire after ~13 months. Sales, audits and configs stay. */
const SENSOR_SAMPLE_TTL_SECONDS = 400 * 86_400;

export class DynamoReportedHistory implements ReportedHistory {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async putHistory(records: readonly HistoryRecord[]): Promise<void> {
    await batchPutItems(
      this.doc,
      this.tableName,
      records.map((r) => {
        // Sensor samples are the bulk of the table (one a ping, kept 400 days): they hold only what the charts
        // read; the machine and the messageId are in their key.
        if (r.kind === 'sensor') {
          return {
            ...keys.posSensorSample(r.merchantId, r.serial, r.at, r.messageId),
            at: r.at,
            ...r.data,
            expiresAt: Math.floor(Date.parse(r.at) / 1000) + SENSOR_SAMPLE_TTL_SECONDS,
          };
        }
        const key =
          r.kind === 'sale'
            ? keys.posSale(r.merchantId, r.serial, r.at, r.messageId, r.n ?? 0)
            : r.kind === 'audit'
              ? keys.posAudit(r.merchantId, r.serial, r.at, r.messageId)
              : keys.posConfig(r.merchantId, r.serial, r.at, r.messageId);
        // A sale is also in the merchant's and its group's month partitions and its media's (T1–T3).
        const indexes =
          r.kind === 'sale'
            ? saleIndexAttributes(
                r.merchantId,
                {
                  createdAt: r.at,
                  serial: r.serial,
                  groupId: (r.data.groupId as string | undefined) ?? null,
                  media: r.data.media as { id: string } | undefined,
                },
                `${r.messageId}#${String(r.n ?? 0).padStart(3, '0')}`,
              )
            : {};
        return { ...r.data, ...key, ...indexes, entity: r.kind.toUpperCase(), merchantId: r.merchantId, serial: r.serial, at: r.at, messageId: r.messageId };
      }),
    );
  }

  async advanceLatest(device: Device, field: 'lastSaleAt' | 'lastAuditAt', at: string): Promise<void> {
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: keys.posTelemetry(device.merchantId, device.serial),
          UpdateExpression: 'SET #f = :t, merchantId = :m, serial = :s',
          ConditionExpression: 'attribute_not_exists(#f) OR #f < :t',
          ExpressionAttributeNames: { '#f': field },
          ExpressionAttributeValues: { ':t': at, ':m': device.merchantId, ':s': device.serial },
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }

  async putLatestConfig(device: Device, at: string, messageId: string, values: Record<string, string>): Promise<void> {
    try {
      await this.doc.send(
        new PutCommand({
          TableName: this.tableName,
          Item: {
            ...keys.posConfigLatest(device.merchantId, device.serial),
            entity: 'CONFIG_LATEST',
            merchantId: device.merchantId,
            serial: device.serial,
            reportedAt: at,
            messageId,
            values,
          },
          ConditionExpression: 'attribute_not_exists(reportedAt) OR reportedAt < :t OR (reportedAt = :t AND messageId < :id)',
          ExpressionAttributeValues: { ':t': at, ':id': messageId },
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
}
