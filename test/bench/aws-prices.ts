/**
 * AWS list prices the bench's cost model (cost-model.ts) uses: region us-east-1 (N. Virginia), on-demand, no free
 * tier, no volume discounts beyond the first tier. Read from the AWS public pricing pages on the date below; check
 * them again before quoting a figure. Other regions (eu-west-1 included) have prices of their own: this file is us-east-1's.
 *
 * Sources:
 * - IoT Core https://aws.amazon.com/iot-core/pricing/ and …/pricing/additional-details/ (messages metered in 5 KB
 *   units; Basic Ingest, publishing to `$aws/rules/<rule>/…`, is not charged for messaging, only for the rule and
 *   its actions)
 * - SQS https://aws.amazon.com/sqs/pricing/ (standard queue; every 64 KB chunk of a request is a request)
 * - Lambda https://aws.amazon.com/lambda/pricing/ (arm64, the functions' architecture; billed per ms)
 * - DynamoDB https://aws.amazon.com/dynamodb/pricing/on-demand/ (since the November 2024 price cut; a write unit is
 *   1 KB of an item, the larger of before and after for an update, two per KB in a transaction; a read unit is 4 KB
 *   strongly consistent, half that eventually consistent; an index projected ALL costs a write of its own per item
 *   written into it)
 */
export const AWS_PRICES = {
  asOf: '2026-12-07',
  region: 'us-east-1',
  iot: {
    /** Per million messages (the first billion a month), each 5 KB of payload and topic one message. */
    messagingPerMillion: 1.0,
    messageUnitBytes: 5 * 1024,
    /** Per million minutes a device stays connected. */
    connectivityPerMillionMinutes: 0.08,
    rulesTriggeredPerMillion: 0.15,
    actionsExecutedPerMillion: 0.15,
  },
  sqs: {
    /** Standard queue, per million requests (each 64 KB chunk a request). */
    requestsPerMillion: 0.4,
    requestChunkBytes: 64 * 1024,
  },
  lambda: {
    requestsPerMillion: 0.2,
    /** arm64, per GB-second. */
    perGbSecond: 0.0000133334,
  },
  dynamodb: {
    writeUnitsPerMillion: 0.625,
    readUnitsPerMillion: 0.125,
    /** Standard table class, per GB-month. */
    storagePerGbMonth: 0.25,
    /** Each item's (and each index copy's) storage overhead. */
    itemOverheadBytes: 100,
  },
} as const;

export type AwsPrices = typeof AWS_PRICES;
