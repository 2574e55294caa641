/**
 * The demo's cash databases (issue 32 item 3): two versions of Colibrí Cash's C100 databases (the machine's own and
 * its bill validator's), uploaded by the presigned PUT and accepted by the same use case as the console's, and a
 * rule rolling the bill validator's out to every C100 at night. Written once: the merchant may change them.
 */
import { randomBytes } from 'node:crypto';
import { cashDatabaseRuleRepository } from '../../functions/adapters/dynamodb/cash-database-rule-repository';
import { DynamoCashDatabaseRepository } from '../../functions/adapters/dynamodb/cash-database-repository';
import { DynamoPosReader } from '../../functions/adapters/dynamodb/machine-reads';
import { releaseFiles } from '../../functions/adapters/s3/release-files';
import { createCashDatabaseRule } from '../../functions/core/cash-databases/rules';
import { createCashDatabase, requestCashDatabaseUpload } from '../../functions/core/cash-databases/use-cases';
import type { Principal } from '../../functions/core/shared/principal';
import { bucketName } from '../../functions/runtime/access';
import { bucketSigner } from '../../functions/runtime/bucket-access';
import type { LocalRepositories } from './repositories';

const MERCHANT = 'colibri-cash';
const SEEDER: Principal = { userId: 'demo-seed', email: 'superadmin@demo.local', role: 'NEBULARSUPERADMIN', merchantIds: [], groupIds: [], allMerchants: true };

export const DEMO_CASH_DATABASES = [
  { version: '2026.10', deviceType: 'C100', peripheral: null, description: 'COP coins and notes, October 2026', fileName: 'c100-cop-2026.10.zip' },
  { version: '2026.11', deviceType: 'C100', peripheral: 'billValidator', description: 'COP notes, 2026 series', fileName: 'c100-bv-cop-2026.11.zip' },
] as const;

/** A zip file's bytes (its local file header, then random content). */
const zipOf = (size: number) => Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(size - 4)]);

export async function seedDemoCashDatabases(deps: LocalRepositories): Promise<void> {
  const { doc, config } = deps;
  const cashDatabases = new DynamoCashDatabaseRepository(doc, config.tableName);
  if (!(await deps.merchants.get(MERCHANT))) return;
  if ((await cashDatabases.list(MERCHANT, { ordType: 'desc', offset: 0, limit: 1 })).items.length > 0) return;
  const files = {
    cashDatabases,
    cashDatabaseFiles: releaseFiles(bucketSigner({ buckets: { cashDatabases: 'readWrite' } }, 'cashDatabases'), bucketName('cashDatabases')),
    now: deps.now,
  };
  const made = [];
  for (const { fileName, ...fields } of DEMO_CASH_DATABASES) {
    const bytes = zipOf(64 * 1024);
    const link = await requestCashDatabaseUpload(files, SEEDER, MERCHANT, { contentType: 'application/zip', size: bytes.length });
    const put = await fetch(link.url, { method: 'PUT', headers: link.headers, body: new Uint8Array(bytes) });
    if (!put.ok) throw new Error(`demo cash database upload answered ${put.status}`);
    made.push(await createCashDatabase(files, SEEDER, MERCHANT, { ...fields, uploadId: link.uploadId, fileName }));
  }
  const tomorrow = new Date(Date.parse(deps.now()) + 86_400_000).toISOString();
  await createCashDatabaseRule(
    { ...deps, cashDatabases, pos: new DynamoPosReader(doc, config.tableName), rules: cashDatabaseRuleRepository(doc, config.tableName) },
    SEEDER,
    MERCHANT,
    {
      cashDatabaseId: made[1]!.id,
      target: { kind: 'deviceType' },
      startAt: tomorrow,
      waves: { kind: 'count', count: 2 },
      minMachines: 2,
      failureThresholdPercent: 34,
      machineTimeoutSeconds: 3_600,
      maintenanceWindow: { from: '02:00', to: '05:00' },
    },
  );
}
