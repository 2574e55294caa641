import { Stack } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import { TABLE_DEFINITION } from '../../functions/adapters/dynamodb/table';
import { grantWithReason } from './nag';

/** Item-level read/write; no Scan (DESIGN §5: no Scan on a request path), no table administration. */
export const TABLE_READ_WRITE_ACTIONS = [
  'dynamodb:BatchGetItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:ConditionCheckItem',
  'dynamodb:DeleteItem',
  'dynamodb:DescribeTable',
  'dynamodb:GetItem',
  'dynamodb:PutItem',
  'dynamodb:Query',
  'dynamodb:UpdateItem',
] as const;

/** Read/write on the single table and each of its named GSIs (no index wildcard). */
export function grantTableReadWrite(role: iam.IRole, table: dynamodb.ITable): void {
  grantWithReason(
    role,
    'single-table read/write',
    new iam.PolicyStatement({
      actions: [...TABLE_READ_WRITE_ACTIONS],
      resources: [
        table.tableArn,
        ...TABLE_DEFINITION.globalIndexes.map((index) => `${table.tableArn}/index/${index.name}`),
      ],
    }),
  );
}

/** Object read/write in one bucket, addressed by its deterministic name (see StageConfig.bucketName). */
export function grantBucketReadWrite(role: iam.IRole, bucketName: string, reason: string): void {
  const bucketArn = Stack.of(role).formatArn({ service: 's3', region: '', account: '', resource: bucketName });
  grantWithReason(
    role,
    reason,
    new iam.PolicyStatement({ actions: ['s3:ListBucket'], resources: [bucketArn] }),
    new iam.PolicyStatement({
      actions: ['s3:GetObject', 's3:GetObjectVersion', 's3:PutObject', 's3:DeleteObject', 's3:AbortMultipartUpload'],
      resources: [`${bucketArn}/*`],
    }),
  );
}
