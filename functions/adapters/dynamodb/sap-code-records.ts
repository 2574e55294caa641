/**
 * A merchant's SAP codes read by id or by code (ACCESS-PATTERNS "SAP codes"): what the medias group checks a media's
 * code against, without the named-entity store the repository lists and writes with; the repository extends it.
 */
import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { SapCode } from '#schemas/sap-code';
import { nameKey } from '../../core/merchants/merchant';
import type { SapCodeRepository } from '../../core/sap-codes/ports';
import * as keys from './keys';
import { recordSchema } from './records';

/** Stored as a named entity whose name is the code (its uniqueness guard and listing by code come with it). */
export type SapCodeItem = SapCode & { name: string };
export const sapCodeRecord = recordSchema<SapCodeItem>('sapCode', z.extend(SapCode, { name: z.string() }));

export const sapCodeOf = ({ name: _name, ...s }: SapCodeItem): SapCode => s;

export class DynamoSapCodeReader implements Pick<SapCodeRepository, 'get' | 'byCode'> {
  constructor(
    protected readonly doc: DynamoDBDocumentClient,
    protected readonly tableName: string,
  ) {}

  async get(id: string) {
    const res = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.sapCode('', id) }));
    return res.Item ? sapCodeOf(sapCodeRecord.read(res.Item)) : undefined;
  }

  async byCode(merchantId: string, code: string) {
    const guard = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.sapCodeGuard(merchantId, nameKey(code)) }));
    const id = guard.Item?.sapCodeId;
    return typeof id === 'string' ? this.get(id) : undefined;
  }
}
