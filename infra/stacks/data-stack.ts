import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type * as sns from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import { TABLE_DEFINITION } from '../../functions/adapters/dynamodb/table';
import type { BucketId } from '../../functions/shared/access';
import { AlarmTopic } from '../constructs/alarms';
import { S3_LOGS_USE_BUCKET_POLICY, type StageConfig } from '../constructs/stage';

/** Bucket name parts: `vend-<stage>-<part>-<account>-<region>` (StageConfig.bucketName). */
export const BUCKET_PURPOSES = {
  accessLogs: 'logs',
  firmware: 'firmware',
  cashDatabases: 'cashdb',
  exports: 'exports',
} as const;

/**
 * The stage's buckets as another stack of the stage sees them: by their deterministic names (no cross-stack
 * export, and grants on them stay in pseudo parameters the stack resolves itself). One reference per stack.
 */
export function stageBuckets(stack: Stack, stage: StageConfig): Record<BucketId, s3.IBucket> {
  const ref = (bucket: BucketId) =>
    (stack.node.tryFindChild(`StageBucket-${bucket}`) as s3.IBucket | undefined) ??
    s3.Bucket.fromBucketName(stack, `StageBucket-${bucket}`, stage.bucketName(BUCKET_PURPOSES[bucket], stack));
  return { firmware: ref('firmware'), cashDatabases: ref('cashDatabases'), exports: ref('exports') };
}

export interface DataStackProps extends StackProps {
  stage: StageConfig;
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
  readonly firmwareBucket: s3.Bucket;
  readonly cashDatabasesBucket: s3.Bucket;
  readonly exportsBucket: s3.Bucket;
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
      lifecycleRules: [{ expiration: Duration.days(stage.isProd ? 365 : 30) }],
    });
    const withLogs = (prefix: string) => ({
      ...common,
      serverAccessLogsBucket: this.accessLogsBucket,
      serverAccessLogsPrefix: `${prefix}/`,
    });

    this.firmwareBucket = new s3.Bucket(this, 'Firmware', {
      ...withLogs('firmware'),
      bucketName: name(BUCKET_PURPOSES.firmware),
      versioned: true,
      lifecycleRules: [{ noncurrentVersionExpiration: Duration.days(90) }],
    });
    this.cashDatabasesBucket = new s3.Bucket(this, 'CashDatabases', {
      ...withLogs('cash-databases'),
      bucketName: name(BUCKET_PURPOSES.cashDatabases),
      versioned: true,
      lifecycleRules: [{ noncurrentVersionExpiration: Duration.days(90) }],
    });
    // Exports are regenerated on request and links expire: no versioning, objects expire.
    this.exportsBucket = new s3.Bucket(this, 'Exports', {
      ...withLogs('exports'),
      bucketName: name(BUCKET_PURPOSES.exports),
      lifecycleRules: [{ expiration: Duration.days(30) }],
    });

    this.alarmTopic = new AlarmTopic(this, 'Alarms', { stage, email: props.alarmEmail }).topic;
  }
}
