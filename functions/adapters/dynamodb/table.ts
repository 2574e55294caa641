/**
 * The single table's key definition. The CDK data stack and the local stack both create the table from
 * this, so their keys and indexes cannot drift apart.
 */
export interface IndexDefinition {
  name: string;
  partitionKey: string;
  sortKey: string;
}

export const TABLE_DEFINITION = {
  partitionKey: 'pk',
  sortKey: 'sk',
  /** Generic GSIs, projected ALL; entities reuse them for their access patterns (see ACCESS-PATTERNS.md). */
  globalIndexes: [
    { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    { name: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
  ] satisfies IndexDefinition[],
  /** Epoch seconds; items with it expire (idempotency records, cursors, kept-aside messages). */
  ttlAttribute: 'expiresAt',
} as const;

/** Local and test table name; in AWS it comes from TABLE_NAME set by the api stack. */
export const DEFAULT_TABLE_NAME = 'vending-console';
