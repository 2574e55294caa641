/** A machine's notes (ACCESS-PATTERNS: notes): added with the machine's notes counter, paged newest or oldest first. */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { PosNote } from '#schemas/pos-entity';
import { PosChangedConcurrentlyException, PosNotFoundException } from '../../core/devices/errors';
import type { NoteSliceRequest, PosNotes } from '../../core/devices/ports';
import { counterUpdate } from './counters';
import * as keys from './keys';
import { notesCounter } from './machine-items';
import { queryPage } from './paging';
import { recordSchema } from './records';
import { transactWrite } from './transactions';

/** The record schema of a machine's note. */
export const posNoteRecord = recordSchema<PosNote>('posNote', PosNote);

export class DynamoPosNotes implements PosNotes {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async addNote(merchantId: string, note: PosNote): Promise<void> {
    await transactWrite(
      this.doc,
      [
        { ConditionCheck: { TableName: this.tableName, Key: keys.pos(merchantId, note.serial), ConditionExpression: 'attribute_exists(pk)' } },
        {
          Put: {
            TableName: this.tableName,
            Item: { ...note, ...keys.posNote(merchantId, note.serial, note.creationDate, note.id), entity: 'posNote' },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        counterUpdate(this.tableName, notesCounter(merchantId, note.serial), { count: 1 }),
      ],
      [() => new PosNotFoundException()],
      () => new PosChangedConcurrentlyException(),
    );
  }

  async listNotes(merchantId: string, serial: string, req: NoteSliceRequest): Promise<{ items: PosNote[]; cursor?: string }> {
    const slice = await queryPage(this.doc, {
      tableName: this.tableName,
      partition: keys.posPk(merchantId, serial),
      beginsWith: keys.posNotePrefix,
      forward: req.ordType === 'asc',
      offset: req.offset,
      limit: req.limit,
      cursor: req.cursor,
    });
    return { items: slice.items.map((i) => posNoteRecord.read(i)), ...(slice.cursor ? { cursor: slice.cursor } : {}) };
  }
}
