import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_TABLE_NAME } from '../../functions/adapters/dynamodb/table';
import { groups } from '../../functions/api/manifest';
import { resetAll } from '../../functions/runtime/lazy';
import { loadConfig } from '../../functions/runtime/config';
import { startApiServer } from './api-server';
import { localRepositories } from './repositories';
import { startCognito, type LocalCognito } from './emulators/cognito';
import { startDynamoProcess } from './emulators/dynamodb-process';
import { startIot, type LocalIot } from './emulators/iot';
import { ingestionDeps } from '../../functions/triggers/ingestion-deps';
import { enableLocalInvocations } from './invoke';
import { localIotRules, startSchedules } from './iot-rules';
import { notificationFeedback, startNotificationStream } from './notification-stream';
import { S3RVER_CREDENTIALS, startS3 } from './emulators/s3';
import { historicalDataAsl } from '../constructs/historical-data-workflow';
import { reportAsl } from '../constructs/report-workflow';
import { rolloutAsl } from '../constructs/rollout-workflow';
import { startLocalWorkflows, type LocalWorkflows } from './workflows';
import { createTable } from './emulators/table';
import { seedDemoCashDatabases } from './demo-cash-databases';
import { seedDemoDataRequests } from './demo-data-requests';
import { seedDemoHistory, type DemoHistoryOutcome } from './demo-history';
import { seedDemoCustomers } from './demo-customers';
import { seedDemoMedias } from './demo-medias';
import { seedDemoRollouts } from './demo-rollouts';
import { seedDemoData } from './seed';
import type { StackInfo } from './stack-info';
import type { SupervisedEmulator } from './supervisor';

export interface StackOptions {
  /** Persistent state folder (npm start: `.local`); absent = throw-away state removed on stop. */
  dataDir?: string;
  ports?: Partial<Record<'web' | 'dynamodb' | 's3' | 'mqtt' | 'iot' | 'cognito', number>>;
  /** Built SPA to serve. */
  webRoot?: string;
  tenant?: string;
  /** Where to write stack.json; defaults to `<dataDir>/stack.json` when persistent. */
  stackFile?: string;
  /**
   * Back-fill a week of the demo machines' history (alarms, commands, samples, sales, audits): `npm start` does.
   * Test stacks do not, so their assertions on the demo merchants' lists and counts stay exact.
   */
  demoHistory?: boolean;
}

export interface RunningStack {
  info: StackInfo;
  stop(): Promise<void>;
  /** DynamoDB operation counts since the last reset (for "no Scan" tests and the bench). */
  dynamoOps(): Promise<Record<string, number>>;
  /** Items written since the last reset, by operation and key pattern (the local DynamoDB front's itemWriteCounts). */
  dynamoItemWrites(): Promise<Record<string, number>>;
  /** Resets the operation and item write counts. */
  resetDynamoOps(): Promise<void>;
  /**
   * The emulators in their own processes, supervised (restarted when they die): their pid, restart count and a
   * kill() for tests that take one down on purpose. Cognito runs in this process and stops only with it.
   */
  emulators: { dynamodb: SupervisedEmulator; s3: SupervisedEmulator };
  /** The local IoT Core (rule statistics for the bench; rules can be swapped there). */
  iot: LocalIot;
  /** The workflow executions the API started (the local Step Functions runner): wait for them, see how they ended. */
  workflows: Pick<LocalWorkflows, 'idle' | 'outcome'>;
  /** Runs a scheduled trigger of the manifest once now, after the run in progress (each also runs on its timer). */
  runSchedule(name: string): Promise<unknown>;
  /** How long seeding the demo data took, and what the week of history did (with `demoHistory`). */
  seed: { ms: number; history?: DemoHistoryOutcome };
}

const BUCKETS = { firmware: 'local-firmware', cashDatabases: 'local-cash-databases', exports: 'local-exports', content: 'local-content' };

function previousPasswords(stackFile: string | undefined): Map<string, string> {
  if (!stackFile || !existsSync(stackFile)) return new Map();
  try {
    const info = JSON.parse(readFileSync(stackFile, 'utf8')) as StackInfo;
    return new Map(info.users.map((u) => [u.email, u.password]));
  } catch {
    return new Map();
  }
}

/** The unsubscribe links' key of this local stack: random, kept under the data dir (AWS: a secret of the stage). */
function localLinkKey(dataDir: string): string {
  const file = join(dataDir, 'notification-link-key');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

/** The storage configs' sealing key of this local stack: random, kept under the data dir (AWS: the stage's KMS key). */
function localSecretsKey(dataDir: string): string {
  const file = join(dataDir, 'storage-secrets-key');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

/** Cognito runs in this process: it answers as long as the process does; the probe checks it serves its keys. */
async function cognitoAnswers(cognito: LocalCognito): Promise<void> {
  const res = await fetch(cognito.jwksUrl);
  if (!res.ok) throw new Error(`Cognito answered ${res.status} for its keys`);
  await res.arrayBuffer();
}

/**
 * Starts every AWS stand-in on 127.0.0.1, points the functions at them through the environment (the
 * same variables CDK sets in AWS), serves the API and the SPA, and seeds demo data.
 */
export async function startStack(opts: StackOptions = {}): Promise<RunningStack> {
  const ephemeral = !opts.dataDir;
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'vfc-stack-'));
  mkdirSync(dataDir, { recursive: true });
  const stackFile = opts.stackFile ?? (ephemeral ? undefined : join(dataDir, 'stack.json'));
  const ports = opts.ports ?? {};
  await enableLocalInvocations();
  const stops: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    if (ephemeral) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // On disk even for a throw-away stack: a restarted DynamoDB process finds the table and its items again.
    const dynamo = await startDynamoProcess({ port: ports.dynamodb, path: join(dataDir, 'dynamodb') });
    stops.push(dynamo.stop);
    await createTable(dynamo.endpoint, DEFAULT_TABLE_NAME);
    const s3 = await startS3({ port: ports.s3, directory: join(dataDir, 's3'), buckets: Object.values(BUCKETS) });
    stops.push(s3.stop);
    const cognito = await startCognito({ port: ports.cognito, dataDir: join(dataDir, 'cognito'), sesFeedback: notificationFeedback });
    stops.push(cognito.stop);

    Object.assign(process.env, {
      STAGE: 'local',
      AWS_REGION: 'eu-west-1',
      AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
      TENANT: opts.tenant ?? process.env.TENANT ?? 'nebular',
      TABLE_NAME: DEFAULT_TABLE_NAME,
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      S3_ENDPOINT: s3.endpoint,
      FIRMWARE_BUCKET: BUCKETS.firmware,
      CASH_DATABASES_BUCKET: BUCKETS.cashDatabases,
      EXPORTS_BUCKET: BUCKETS.exports,
      CONTENT_BUCKET: BUCKETS.content,
      COGNITO_USER_POOL_ID: cognito.userPoolId,
      COGNITO_CLIENT_ID: cognito.clientId,
      COGNITO_ISSUER: cognito.issuer,
      COGNITO_JWKS_URL: cognito.jwksUrl,
      COGNITO_ENDPOINT: cognito.endpoint,
      // The functions start workflows on the runner below (functions/runtime/workflows.ts).
      LOCAL_WORKFLOWS: '1',
      // A rollout's step every second while a wave runs (30 s in AWS): waves go out within seconds of the one before;
      // every 5 s while a pause or a window holds the next one (5 min in AWS).
      ROLLOUT_POLL_SECONDS: process.env.ROLLOUT_POLL_SECONDS ?? '1',
      ROLLOUT_HOLD_SECONDS: process.env.ROLLOUT_HOLD_SECONDS ?? '5',
      // Embedded metric format lines are for CloudWatch; locally only on request (METRICS_DISABLED=false).
      METRICS_DISABLED: process.env.METRICS_DISABLED ?? 'true',
      // Alarm notification e-mails: the local SES (served by the local Cognito) puts them in the same outbox as invitations.
      SES_ENDPOINT: cognito.endpoint,
      NOTIFICATION_FROM: 'alarms@demo.local',
      NOTIFICATION_LINK_KEY: localLinkKey(dataDir),
      STORAGE_SECRETS_LOCAL_KEY: localSecretsKey(dataDir),
      // The machines run Node 20; Lambda runs Node 22. The SDK's Node 20 notice is noise here.
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    });
    // The functions keep their clients per process: drop any built for a stack started before this one.
    resetAll();

    // Device messages: the IoT rules of the CDK iot stack, invoking the same trigger functions (their clients
    // are built from the environment just set). The broker's ports open once the rules are installed; what an
    // earlier run left in the rule queues (under the data dir) is delivered first.
    const iot = await startIot({ mqttPort: ports.mqtt, httpPort: ports.iot, dataDir: join(dataDir, 'iot'), rules: await localIotRules() });
    stops.push(iot.stop);
    process.env.IOT_DATA_ENDPOINT = iot.publishEndpoint;
    const deps = localRepositories(loadConfig());

    const api = await startApiServer({
      port: ports.web ?? 0,
      groups,
      loadHandler: async (group) => (await import(`../../functions/api/${group}/handler.ts`)).handler,
      webRoot: opts.webRoot,
      // The console follows a download route's 302 to a presigned GET of the local S3.
      connectSrc: [cognito.endpoint, s3.endpoint],
    });
    stops.push(api.stop);
    // Links in e-mails (alarm notifications) open this console.
    process.env.CONSOLE_URL = api.url;

    // Workflows: the ASL of the CDK state machines, run here, their Task states invoking the same handlers.
    const workflows = startLocalWorkflows({ historicalDataAsl: historicalDataAsl(), reportAsl: reportAsl(), rolloutAsl: rolloutAsl(), register: true });
    stops.push(workflows.stop);
    // The scheduled triggers of the manifest, each on its timer.
    const schedules = startSchedules();
    stops.push(schedules.stop);
    // Alarm notifications: the stream stand-in feeding the sender.
    const notificationStream = startNotificationStream();
    stops.push(notificationStream.stop);

    const seedStarted = performance.now();
    const users = await seedDemoData(deps, cognito, previousPasswords(stackFile));
    const history = opts.demoHistory ? await seedDemoHistory(deps, ingestionDeps()) : undefined;
    if (opts.demoHistory) await seedDemoDataRequests(deps, workflows, users);
    if (opts.demoHistory) await seedDemoCashDatabases(deps);
    // Firmware rollouts: one finished, one aborted (npm start runs a third with its simulated machines).
    if (opts.demoHistory) await seedDemoRollouts(deps);
    // Acme's keys and what its admin did with them, with the week they belong to (not again on a kept .local/).
    if (history && !history.skipped) {
      await seedDemoMedias(deps, ingestionDeps(), users);
      // Their customers and the payment service's orders of the week (recharges credit those keys).
      await seedDemoCustomers(deps);
    }
    const seed = { ms: Math.round(performance.now() - seedStarted), ...(history ? { history } : {}) };
    const info: StackInfo = {
      web: api.url,
      api: `${api.url}/api/v1`,
      cognito: { endpoint: cognito.endpoint, userPoolId: cognito.userPoolId, clientId: cognito.clientId },
      mqtt: iot.mqttUrl,
      iotData: iot.publishEndpoint,
      s3: s3.endpoint,
      dynamodb: dynamo.endpoint,
      tableName: DEFAULT_TABLE_NAME,
      buckets: BUCKETS,
      users,
    };
    // Ready only when every emulator answers (one may be restarting after a crash during the seed).
    await Promise.all([dynamo.healthy(), s3.healthy(), cognitoAnswers(cognito)]);
    if (stackFile) writeFileSync(stackFile, JSON.stringify(info, null, 2) + '\n');
    return {
      info,
      stop: stopAll,
      dynamoOps: dynamo.opCounts,
      dynamoItemWrites: dynamo.itemWriteCounts,
      resetDynamoOps: dynamo.resetOpCounts,
      emulators: { dynamodb: dynamo, s3 },
      iot,
      workflows,
      runSchedule: (name) => schedules.runNow(name),
      seed,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
