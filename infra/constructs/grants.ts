import { Stack } from 'aws-cdk-lib';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as kms from 'aws-cdk-lib/aws-kms';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { AUDIT_TRAIL_PK_PREFIX } from '../../functions/adapters/dynamodb/keys';
import { TABLE_DEFINITION } from '../../functions/adapters/dynamodb/table';
import type { BucketId, FunctionAccess } from '../../functions/runtime/access';
import { grantWithReason } from './nag';

/** Item-level reads; no Scan (DESIGN §5: no Scan on a request path). TransactGetItems needs GetItem. */
export const TABLE_READ_ACTIONS = ['dynamodb:BatchGetItem', 'dynamodb:DescribeTable', 'dynamodb:GetItem', 'dynamodb:Query'] as const;

/** Item-level read/write; no Scan, no table administration. */
export const TABLE_READ_WRITE_ACTIONS = [
  ...TABLE_READ_ACTIONS,
  'dynamodb:BatchWriteItem',
  'dynamodb:ConditionCheckItem',
  'dynamodb:DeleteItem',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
] as const;

/**
 * What no function may do to an audit trail entry (partitions `TRAIL#…`): it is put once (conditioned on being new) and
 * never changed or removed; TTL removes it after the retention. Denied on every role that may write the table.
 */
export const AUDIT_TRAIL_DENIED_ACTIONS = ['dynamodb:BatchWriteItem', 'dynamodb:DeleteItem', 'dynamodb:UpdateItem'] as const;

/** Object reads: GetObject also covers presigned download links and ranged reads. */
export const BUCKET_READ_ACTIONS = ['s3:GetObject'] as const;

/** Object read/write, multipart uploads included (lib-storage aborts a failed one). No bucket settings. */
export const BUCKET_READ_WRITE_ACTIONS = [...BUCKET_READ_ACTIONS, 's3:PutObject', 's3:DeleteObject', 's3:AbortMultipartUpload'] as const;

/**
 * On the bucket itself: without it S3 answers HeadObject of a missing key 403 instead of 404, and the file store
 * could not tell a missing file (exists, verifyUpload) from a refusal. The function lists nothing.
 */
export const BUCKET_LEVEL_ACTIONS = ['s3:ListBucket'] as const;

/** Where the grantable resources are. */
export interface AccessTargets {
  table: dynamodb.ITable;
  /** Needed only when a function administers users. */
  userPool?: cognito.IUserPool;
  /** Needed for each bucket a function's access names. */
  buckets?: Partial<Record<BucketId, s3.IBucket>>;
  /** Needed only when a function starts workflows. */
  historicalData?: sfn.IStateMachine;
  /** Needed only when a function starts reports. */
  report?: sfn.IStateMachine;
  /** Needed only when a function starts rollouts. */
  rollout?: sfn.IStateMachine;
  /** Needed only when a function sends e-mail: the SES configuration set it sends through. */
  configurationSet?: string;
  /** Needed only when a function seals secrets: the stage's KMS key. */
  secretsKey?: kms.IKey;
}

/**
 * Grants a function exactly what its dependencies reach (its deps module's FunctionAccess): the table read
 * only or read/write (and each of its named GSIs, no index wildcard), Cognito Admin* on the pool, publishing
 * commands to machines, the objects of the named buckets, starting executions of the historical-data state machine.
 */
export function grantAccess(role: iam.IRole, access: FunctionAccess, targets: AccessTargets): void {
  const stack = Stack.of(role);
  if (access.table) {
    const { tableArn } = targets.table;
    grantWithReason(
      role,
      access.table === 'read' ? 'single-table read' : 'single-table read/write',
      new iam.PolicyStatement({
        actions: [...(access.table === 'read' ? TABLE_READ_ACTIONS : TABLE_READ_WRITE_ACTIONS)],
        resources: [tableArn, ...TABLE_DEFINITION.globalIndexes.map((index) => `${tableArn}/index/${index.name}`)],
      }),
    );
    if (access.table === 'readWrite')
      role.addToPrincipalPolicy(
        new iam.PolicyStatement({
          effect: iam.Effect.DENY,
          actions: [...AUDIT_TRAIL_DENIED_ACTIONS],
          resources: [tableArn],
          conditions: { 'ForAnyValue:StringLike': { 'dynamodb:LeadingKeys': [`${AUDIT_TRAIL_PK_PREFIX}*`] } },
        }),
      );
  }
  if (access.cognitoAdmin) {
    if (!targets.userPool) throw new Error('cognitoAdmin access needs the user pool');
    grantWithReason(
      role,
      'Administers the users of this one pool (create, invite, update, disable, delete): Admin* on this pool only.',
      new iam.PolicyStatement({ actions: ['cognito-idp:Admin*'], resources: [targets.userPool.userPoolArn] }),
    );
  }
  if (access.publishCommands) {
    grantWithReason(
      role,
      'Commands go to any machine the caller may manage (checked in the function): publish only to vend/<serial>/commands.',
      new iam.PolicyStatement({
        actions: ['iot:Publish'],
        resources: [stack.formatArn({ service: 'iot', resource: 'topic', resourceName: 'vend/*/commands' })],
      }),
    );
  }
  if (access.publishMediaLists) {
    grantWithReason(
      role,
      'A ping holding an older media list gets it (blocked and lost media, cloud credit): publish only to vend/<serial>/medias.',
      new iam.PolicyStatement({
        actions: ['iot:Publish'],
        resources: [stack.formatArn({ service: 'iot', resource: 'topic', resourceName: 'vend/*/medias' })],
      }),
    );
  }
  for (const [id, mode] of Object.entries(access.buckets ?? {}) as Array<[BucketId, 'read' | 'readWrite']>) {
    const bucket = targets.buckets?.[id];
    if (!bucket) throw new Error(`${id} bucket access needs the ${id} bucket`);
    grantWithReason(
      role,
      `Objects of the ${id} bucket ${mode === 'read' ? '(read: downloads and their presigned links)' : '(read/write: uploads, downloads, removals)'}; keys are built in the function from the caller's tenancy.`,
      new iam.PolicyStatement({
        actions: [...(mode === 'read' ? BUCKET_READ_ACTIONS : BUCKET_READ_WRITE_ACTIONS)],
        resources: [bucket.arnForObjects('*')],
      }),
      new iam.PolicyStatement({ actions: [...BUCKET_LEVEL_ACTIONS], resources: [bucket.bucketArn] }),
    );
  }
  if (access.sendEmail) {
    if (!targets.configurationSet) throw new Error('sendEmail access needs the SES configuration set');
    grantWithReason(
      role,
      'Sends alarm notification e-mails from the stage’s verified identities, only through the stage’s configuration set.',
      new iam.PolicyStatement({
        actions: ['ses:SendEmail'],
        resources: [
          stack.formatArn({ service: 'ses', resource: 'identity', resourceName: '*' }),
          stack.formatArn({ service: 'ses', resource: 'configuration-set', resourceName: targets.configurationSet }),
        ],
      }),
    );
  }
  if (access.sealSecrets) {
    if (!targets.secretsKey) throw new Error('sealSecrets access needs the stage’s secrets key');
    grantWithReason(
      role,
      'Encrypts and decrypts the storage configs’ passwords with this one key (the encryption context names the merchant).',
      new iam.PolicyStatement({ actions: ['kms:Encrypt', 'kms:Decrypt'], resources: [targets.secretsKey.keyArn] }),
    );
  }
  if (access.startWorkflows) {
    if (!targets.historicalData) throw new Error('startWorkflows access needs the historical-data state machine');
    grantWithReason(
      role,
      'Starts executions of the historical-data state machine only.',
      new iam.PolicyStatement({ actions: ['states:StartExecution'], resources: [targets.historicalData.stateMachineArn] }),
    );
  }
  if (access.startReports) {
    if (!targets.report) throw new Error('startReports access needs the report state machine');
    grantWithReason(
      role,
      'Starts executions of the report state machine only.',
      new iam.PolicyStatement({ actions: ['states:StartExecution'], resources: [targets.report.stateMachineArn] }),
    );
  }
  if (access.startRollouts) {
    if (!targets.rollout) throw new Error('startRollouts access needs the rollout state machine');
    grantWithReason(
      role,
      'Starts executions of the rollout state machine only (one per rule).',
      new iam.PolicyStatement({ actions: ['states:StartExecution'], resources: [targets.rollout.stateMachineArn] }),
    );
  }
}
