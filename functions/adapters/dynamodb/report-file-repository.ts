import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { ReportFile, ReportQuery } from '#schemas/report';
import type { ReportFileRepository, StoredReportFile } from '../../core/reports/ports';
import * as keys from './keys';
import { recordSchema } from './records';
import { isConditionFailure } from './transactions';

/** A file and its item go a day after it was asked for (the link is minted per download, 5 minutes each). */
const KEEP_SECONDS = 86_400;

export const reportFileRecord = recordSchema<StoredReportFile>(
  'reportFile',
  z.extend(ReportFile, {
    userId: z.string(),
    groupIds: z.nullable(z.array(z.string())),
    query: ReportQuery,
    language: z.string(),
    fileKey: z._default(z.nullable(z.string()), null),
  }),
);

/** Report files (ACCESS-PATTERNS R4): GetItem by (merchant, id); every transition conditioned on status Created. */
export class DynamoReportFileRepository implements ReportFileRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async create(file: StoredReportFile): Promise<void> {
    const expiresAt = Math.floor(Date.parse(file.createdAt) / 1000) + KEEP_SECONDS;
    await this.doc.send(
      new PutCommand({
        TableName: this.tableName,
        Item: { ...keys.reportFile(file.merchantId, file.id), entity: 'reportFile', ...file, expiresAt },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  }

  async get(merchantId: string, id: string): Promise<StoredReportFile | undefined> {
    const res = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.reportFile(merchantId, id), ConsistentRead: true }));
    if (!res.Item) return undefined;
    const { expiresAt: _, entity: __, ...item } = res.Item;
    return reportFileRecord.read(item);
  }

  private async whileCreated(merchantId: string, id: string, set: Record<string, unknown>): Promise<boolean> {
    const entries = Object.entries(set);
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: keys.reportFile(merchantId, id),
          UpdateExpression: `SET ${entries.map((_, i) => `#s${i} = :s${i}`).join(', ')}`,
          ConditionExpression: '#st = :created',
          ExpressionAttributeNames: { '#st': 'status', ...Object.fromEntries(entries.map(([k], i) => [`#s${i}`, k])) },
          ExpressionAttributeValues: { ':created': 'Created', ...Object.fromEntries(entries.map(([, v], i) => [`:s${i}`, v])) },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  async progress(merchantId: string, id: string, rows: number): Promise<void> {
    await this.whileCreated(merchantId, id, { rows });
  }

  complete(merchantId: string, id: string, done: { rows: number; completedAt: string; fileKey: string }): Promise<boolean> {
    return this.whileCreated(merchantId, id, { status: 'Completed', ...done });
  }

  fail(merchantId: string, id: string): Promise<boolean> {
    return this.whileCreated(merchantId, id, { status: 'Error', completedAt: new Date().toISOString() });
  }
}
