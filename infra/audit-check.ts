/**
 * `npm run audit:check -- <merchantId> [--stack .local/stack.json]`: verifies a merchant's audit trail chain (every
 * entry's hash matches its content, every entry links to the one before, no gap) and prints what it found; exit 1 when
 * the chain is broken. Against the embedded stack (`npm start`) by default; against a deployed stage when TABLE_NAME
 * (and AWS_REGION, credentials) are set in the environment. `-platform-` is the chain of the super admin's calls
 * outside any merchant. AUDIT_TRAIL_RETENTION_DAYS: the stage's retention, if not the default.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { AUDIT_TRAIL_RETENTION_DAYS } from '#schemas/audit-constants';
import { DynamoAuditTrailStore } from '../functions/adapters/dynamodb/audit-trail-store';
import { createDocumentClient } from '../functions/adapters/dynamodb/client';
import { checkChain, type ChainReport } from '../functions/core/audit/chain';
import { positiveInt, tableConfig } from '../functions/runtime/config';
import type { StackInfo } from './local/stack-info';
import { stackEnvironment } from './local/stack-process';

const USAGE = 'usage: npm run audit:check -- <merchantId> [--stack .local/stack.json]';

/** Checks `merchantId`'s chain in the table `env` names (TABLE_NAME, DYNAMODB_ENDPOINT, AWS_REGION). */
export async function auditCheck(merchantId: string, env: NodeJS.ProcessEnv): Promise<ChainReport> {
  const { region, tableName, dynamodbEndpoint } = tableConfig(env);
  const retentionDays = positiveInt(env, 'AUDIT_TRAIL_RETENTION_DAYS', AUDIT_TRAIL_RETENTION_DAYS);
  const store = new DynamoAuditTrailStore(createDocumentClient({ region, endpoint: dynamodbEndpoint, readOnly: true }), tableName, retentionDays);
  return checkChain(merchantId, store.chain(merchantId), new Date().toISOString(), retentionDays);
}

export function describeReport(r: ChainReport): string {
  const span = r.entries ? `entries ${r.firstSeq}–${r.lastSeq}` : 'no entries';
  if (!r.problems.length) return `audit trail of ${r.merchantId}: chain intact (${r.entries} ${r.entries === 1 ? 'entry' : 'entries'}, ${span})`;
  return [`audit trail of ${r.merchantId}: chain BROKEN (${r.entries} entries, ${span})`, ...r.problems.map((p) => `  entry ${p.seq}: ${p.problem}`)].join(
    '\n',
  );
}

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({ args: process.argv.slice(2), allowPositionals: true, options: { stack: { type: 'string' } } });
  const [merchantId] = positionals;
  if (!merchantId) throw new Error(USAGE);
  const env = process.env.TABLE_NAME
    ? process.env
    : { ...process.env, ...stackEnvironment(JSON.parse(readFileSync(values.stack ?? '.local/stack.json', 'utf8')) as StackInfo) };
  process.env.AWS_ACCESS_KEY_ID ??= env.AWS_ACCESS_KEY_ID;
  process.env.AWS_SECRET_ACCESS_KEY ??= env.AWS_SECRET_ACCESS_KEY;
  const report = await auditCheck(merchantId, env);
  process.stdout.write(`${describeReport(report)}\n`);
  if (report.problems.length) process.exitCode = 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  await main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  });
}
