import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type * as sns from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import { TABLE_DEFINITION } from '../../functions/adapters/dynamodb/table';
import { KEY_PREFIXES } from '../../functions/adapters/s3/prefixes';
import type { BucketId } from '../../functions/runtime/access';
import { LINK_VALIDITY_DAYS } from '#schemas/historical-data';
import { AlarmTopic } from '../constructs/alarms';
import { acknowledge } from '../constructs/nag';
import { S3_LOGS_USE_BUCKET_POLICY, type StageConfig } from '../constructs/stage';
import { auditTrailAlarms } from '../constructs/audit-trail-alarms';

/** Bucket name parts: `vend-<stage>-<part>-<account>-<region>` (StageConfig.bucketName). */
export const BUCKET_PURPOSES = {
  accessLogs: 'logs',
  firmware: 'firmware',
  cashDatabases: 'cashdb',
  exports: 'exports',
  content: 'content',
} as const;

/**
 * The stage's buckets as another stack of the stage sees them: by their deterministic names (no cross-stack
 * export, and grants on them stay in pseudo parameters the stack resolves itself). One reference per stack.
 */
export function stageBuckets(stack: Stack, stage: StageConfig): Record<BucketId, s3.IBucket> {
  const ref = (bucket: BucketId) =>
    (stack.node.tryFindChild(`StageBucket-${bucket}`) as s3.IBucket | undefined) ??
    s3.Bucket.fromBucketName(stack, `StageBucket-${bucket}`, stage.bucketName(BUCKET_PURPOSES[bucket], stack));
  return { firmware: ref('firmware'), cashDatabases: ref('cashDatabases'), exports: ref('exports'), content: ref('content') };
}

/** Every bucket: parts of an upload neither completed nor aborted (a function killed mid-upload) go after a day. */
export const ABORT_INCOMPLETE_UPLOADS: s3.LifecycleRule = { abortIncompleteMultipartUploadAfter: Duration.days(1) };

/** Browser uploads land under `incoming/` until verified; unverified ones (and their old versions) go after a day. */
const EXPIRE_INCOMING: s3.LifecycleRule = {
  prefix: KEY_PREFIXES.incoming,
  expiration: Duration.days(1),
  noncurrentVersionExpiration: Duration.days(1),
};

/**
 * CORS of the buckets browsers upload to by presigned PUT: only PUT with the Content-Type the signature binds.
 * The console's CloudFront domain is not known here (the web stack comes after this one), so a stage without
 * `consoleOrigin` allows CloudFront domains; the presigned URL, not CORS, is what authorises an upload.
 */
export function uploadCors(consoleOrigin: string | undefined): s3.CorsRule[] {
  return [
    {
      allowedOrigins: [consoleOrigin ?? 'https://*.cloudfront.net'],
      allowedMethods: [s3.HttpMethods.PUT],
      allowedHeaders: ['content-type'],
      exposedHeaders: ['ETag'],
      maxAge: 3000,
    },
  ];
}

/**
 * CORS of the exports bucket: the console follows a download route's 302 to a presigned GET with fetch (to send
 * its token to the route), so the bucket answers its origin and lets it read the file name (Content-Disposition).
 */
export function downloadCors(consoleOrigin: string | undefined): s3.CorsRule[] {
  return [
    {
      allowedOrigins: [consoleOrigin ?? 'https://*.cloudfront.net'],
      allowedMethods: [s3.HttpMethods.GET],
      exposedHeaders: ['Content-Disposition'],
      maxAge: 3000,
    },
  ];
}

export interface DataStackProps extends StackProps {
  stage: StageConfig;
  /** The console's origin (`https://console.example.com`) allowed to upload from the browser; default any CloudFront domain. */
  consoleOrigin?: string;
  /** Subscribed to the stage's alarm topic. */
  alarmEmail?: string;
}

/**
 * Stateful data: the single DynamoDB table (keys from TABLE_DEFINITION, shared with the local stack) and
 * the firmware, cash database and export buckets, with a server access log bucket. The stage's alarm topic
 * lives here too, with the other long-lived resources: its subscriptions outlast the function stacks.
 */
export class DataStack extends Stack {
  readonly table: dynamodb.Table;
  /** The key of the alarm e-mails' unsubscribe links (functions with `linkKey` access get it as NOTIFICATION_LINK_KEY). */
  readonly notificationLinkKey: secretsmanager.Secret;
  /** Seals the storage configs' passwords (functions with `sealSecrets` access get its id as STORAGE_SECRETS_KEY_ID). */
  readonly storageSecretsKey: kms.Key;
  readonly firmwareBucket: s3.Bucket;
  readonly cashDatabasesBucket: s3.Bucket;
  readonly exportsBucket: s3.Bucket;
  /** What the console shows: the customer portals' logos and ingredients files, blog post images. */
  readonly contentBucket: s3.Bucket;
  readonly accessLogsBucket: s3.Bucket;
  /** Every alarm of the stage notifies this topic. */
  readonly alarmTopic: sns.Topic;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    // Server access logs are delivered through a bucket policy, not the legacy LogDeliveryWrite ACL.
    this.node.setContext(S3_LOGS_USE_BUCKET_POLICY, true);
    const { stage } = props;
    const removalPolicy = stage.removalPolicy;

    this.table = new dynamodb.Table(this, 'Table', {
      tableName: stage.physicalName('table'),
      partitionKey: { name: TABLE_DEFINITION.partitionKey, type: dynamodb.AttributeType.STRING },
      sortKey: { name: TABLE_DEFINITION.sortKey, type: dynamodb.AttributeType.STRING },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: TABLE_DEFINITION.ttlAttribute,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: dynamodb.TableEncryption.AWS_MANAGED,
      deletionProtection: stage.isProd,
      // The alarm notification outbox: the sender reads the items the alarm transactions insert (iot stack).
      stream: dynamodb.StreamViewType.NEW_IMAGE,
      removalPolicy,
    });
    for (const index of TABLE_DEFINITION.globalIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: dynamodb.AttributeType.STRING },
        sortKey: { name: index.sortKey, type: dynamodb.AttributeType.STRING },
        projectionType: dynamodb.ProjectionType.ALL,
      });
    }

    const name = (purpose: string) => stage.bucketName(purpose, this);
    const common = {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      removalPolicy,
      autoDeleteObjects: !stage.isProd,
    } satisfies s3.BucketProps;

    this.accessLogsBucket = new s3.Bucket(this, 'AccessLogs', {
      ...common,
      bucketName: name(BUCKET_PURPOSES.accessLogs),
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      lifecycleRules: [{ expiration: Duration.days(stage.isProd ? 365 : 30) }, ABORT_INCOMPLETE_UPLOADS],
    });
    const withLogs = (prefix: string) => ({
      ...common,
      serverAccessLogsBucket: this.accessLogsBucket,
      serverAccessLogsPrefix: `${prefix}/`,
    });

    const uploads = {
      versioned: true,
      cors: uploadCors(props.consoleOrigin),
      lifecycleRules: [{ noncurrentVersionExpiration: Duration.days(90) }, EXPIRE_INCOMING, ABORT_INCOMPLETE_UPLOADS],
    } satisfies s3.BucketProps;
    this.firmwareBucket = new s3.Bucket(this, 'Firmware', {
      ...withLogs('firmware'),
      ...uploads,
      bucketName: name(BUCKET_PURPOSES.firmware),
    });
    // Every role of a merchant downloads its cash databases from the console (fetch follows the route's 302).
    this.cashDatabasesBucket = new s3.Bucket(this, 'CashDatabases', {
      ...withLogs('cash-databases'),
      ...uploads,
      cors: [...uploadCors(props.consoleOrigin), ...downloadCors(props.consoleOrigin)],
      bucketName: name(BUCKET_PURPOSES.cashDatabases),
    });
    // Uploaded like the release files (checked by content under incoming/), and read back by the console.
    this.contentBucket = new s3.Bucket(this, 'Content', {
      ...withLogs('content'),
      ...uploads,
      cors: [...uploadCors(props.consoleOrigin), ...downloadCors(props.consoleOrigin)],
      bucketName: name(BUCKET_PURPOSES.content),
    });
    // Exports are regenerated on request and links expire: no versioning, objects expire. A historical data
    // file goes a day after its link's validity ends (the request shows Expired by then).
    this.exportsBucket = new s3.Bucket(this, 'Exports', {
      ...withLogs('exports'),
      bucketName: name(BUCKET_PURPOSES.exports),
      cors: downloadCors(props.consoleOrigin),
      lifecycleRules: [
        { expiration: Duration.days(30) },
        { prefix: KEY_PREFIXES.historicalData, expiration: Duration.days(LINK_VALIDITY_DAYS + 1) },
        { prefix: KEY_PREFIXES.reports, expiration: Duration.days(2) },
        ABORT_INCOMPLETE_UPLOADS,
      ],
    });

    this.alarmTopic = new AlarmTopic(this, 'Alarms', { stage, email: props.alarmEmail }).topic;
    // Beside the topic: their metrics come from the API functions and the audit sweep alike.
    auditTrailAlarms(this, stage, this.alarmTopic);

    // Signs the alarm e-mails' unsubscribe links: generated once per stage, never in code.
    this.storageSecretsKey = new kms.Key(this, 'StorageSecretsKey', {
      alias: stage.physicalName('storage-secrets'),
      description: 'Encrypts the storage configs’ passwords (write-only secrets of merchants)',
      enableKeyRotation: true,
      removalPolicy,
    });
    this.notificationLinkKey = new secretsmanager.Secret(this, 'NotificationLinkKey', {
      secretName: stage.physicalName('notification-link-key'),
      description: 'HMAC key of the alarm notification e-mails’ unsubscribe links',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      removalPolicy,
    });
    acknowledge(
      this.notificationLinkKey,
      'AwsSolutions-SMG4',
      'A rotation would void every unsubscribe link already mailed (they expire after 30 days); rotate by hand if the key leaks.',
    );
  }
}
