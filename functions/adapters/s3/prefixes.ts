/** Key prefixes with their own lifecycle (CDK rules in DataStack): keys that need one are built under them. */
export const KEY_PREFIXES = {
  /** Browser uploads by presigned PUT, before verifyUpload moves them on: expire after 1 day. */
  incoming: 'incoming/',
  /** Historical data exports (`historical-data/{merchantId}/{requestId}/{attempt}.csv`): expire a day after the link. */
  historicalData: 'historical-data/',
  /** Report files (`reports/{merchantId}/{id}.{pdf|csv}`, core/reports/file.ts): their item goes after a day, the object after two. */
  reports: 'reports/',
} as const;
