import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { TABLE_DEFINITION } from '../../functions/adapters/dynamodb/table';
import { StageConfig } from '../../infra/constructs/stage';
import { AuthStack } from '../../infra/stacks/auth-stack';
import { DataStack } from '../../infra/stacks/data-stack';
import { LINK_VALIDITY_DAYS } from '#schemas/historical-data';

function data(stage: string) {
  const app = new App();
  return Template.fromStack(new DataStack(app, `vend-${stage}-data`, { stage: new StageConfig(stage) }));
}
function auth(stage: string) {
  const app = new App();
  return Template.fromStack(new AuthStack(app, `vend-${stage}-auth`, { stage: new StageConfig(stage) }));
}

describe('data stack', () => {
  const dev = data('dev');
  const prod = data('prod');

  it('has the stage’s alarm topic: its own rotated key CloudWatch may use, TLS only, an e-mail subscription when given', () => {
    const [topicId, topic] = Object.entries(dev.findResources('AWS::SNS::Topic'))[0] as [string, { Properties: Record<string, any> }];
    const [keyId, key] = Object.entries(dev.findResources('AWS::KMS::Key'))[0] as [string, { Properties: Record<string, any> }];
    expect(topic.Properties).toMatchObject({ TopicName: 'vend-dev-alarms', KmsMasterKeyId: { 'Fn::GetAtt': [keyId, 'Arn'] } });
    expect(key.Properties.EnableKeyRotation).toBe(true);
    expect(key.Properties.KeyPolicy.Statement).toContainEqual(
      expect.objectContaining({ Principal: { Service: 'cloudwatch.amazonaws.com' }, Action: ['kms:Decrypt', 'kms:GenerateDataKey*'] }),
    );
    dev.hasResourceProperties('AWS::SNS::TopicPolicy', {
      Topics: [{ Ref: topicId }],
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) },
    });
    dev.resourceCountIs('AWS::SNS::Subscription', 0);
    const app = new App();
    const subscribed = Template.fromStack(new DataStack(app, 'vend-dev-data', { stage: new StageConfig('dev'), alarmEmail: 'ops@example.com' }));
    subscribed.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@example.com' });
  });

  it('creates the single table from TABLE_DEFINITION', () => {
    dev.resourceCountIs('AWS::DynamoDB::Table', 1);
    const [table] = Object.values(dev.findResources('AWS::DynamoDB::Table')) as { Properties: Record<string, any> }[];
    const p = table!.Properties;
    expect(p.TableName).toBe('vend-dev-table');
    expect(p.KeySchema).toEqual([
      { AttributeName: TABLE_DEFINITION.partitionKey, KeyType: 'HASH' },
      { AttributeName: TABLE_DEFINITION.sortKey, KeyType: 'RANGE' },
    ]);
    expect(p.GlobalSecondaryIndexes).toEqual(
      TABLE_DEFINITION.globalIndexes.map((index) => ({
        IndexName: index.name,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    );
    const keyAttributes = [
      TABLE_DEFINITION.partitionKey,
      TABLE_DEFINITION.sortKey,
      ...TABLE_DEFINITION.globalIndexes.flatMap((i) => [i.partitionKey, i.sortKey]),
    ];
    expect(p.AttributeDefinitions).toEqual(keyAttributes.map((name) => ({ AttributeName: name, AttributeType: 'S' })));
    expect(p.BillingMode).toBe('PAY_PER_REQUEST');
    expect(p.TimeToLiveSpecification).toEqual({ AttributeName: TABLE_DEFINITION.ttlAttribute, Enabled: true });
    expect(p.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    expect(p.SSESpecification).toEqual({ SSEEnabled: true });
  });

  it('retains the table and buckets on prod and destroys them elsewhere', () => {
    prod.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: Match.objectLike({ DeletionProtectionEnabled: true }),
    });
    dev.hasResource('AWS::DynamoDB::Table', { DeletionPolicy: 'Delete', UpdateReplacePolicy: 'Delete' });
    for (const bucket of Object.values(prod.findResources('AWS::S3::Bucket'))) expect(bucket.DeletionPolicy).toBe('Retain');
    for (const bucket of Object.values(dev.findResources('AWS::S3::Bucket'))) expect(bucket.DeletionPolicy).toBe('Delete');
    // autoDeleteObjects only where buckets are destroyed
    expect(Object.keys(dev.findResources('Custom::S3AutoDeleteObjects'))).toHaveLength(5);
    expect(Object.keys(prod.findResources('Custom::S3AutoDeleteObjects'))).toHaveLength(0);
  });

  it('creates private, encrypted, SSL-only buckets that log to the access log bucket', () => {
    const buckets = dev.findResources('AWS::S3::Bucket') as Record<string, { Properties: Record<string, any> }>;
    const byName = Object.fromEntries(
      Object.entries(buckets).map(([id, b]) => [JSON.stringify(b.Properties.BucketName).match(/vend-dev-([a-z]+)-/)![1], { id, ...b.Properties }]),
    ) as Record<string, any>;
    expect(Object.keys(byName).sort()).toEqual(['cashdb', 'content', 'exports', 'firmware', 'logs']);
    for (const b of Object.values(byName)) {
      expect(b.PublicAccessBlockConfiguration).toEqual({ BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true });
      expect(b.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault.SSEAlgorithm).toBe('AES256');
    }
    for (const purpose of ['firmware', 'cashdb', 'exports', 'content']) {
      expect(byName[purpose].LoggingConfiguration.DestinationBucketName).toEqual({ Ref: byName.logs.id });
    }
    expect(byName.firmware.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    expect(byName.cashdb.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    expect(byName.content.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    // every bucket policy denies non-TLS requests
    const policies = Object.values(dev.findResources('AWS::S3::BucketPolicy'));
    expect(policies).toHaveLength(5);
    for (const policy of policies) {
      expect(policy.Properties.PolicyDocument.Statement).toContainEqual(
        expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
      );
    }
  });

  const bucketsByPurpose = (template: Template) =>
    Object.fromEntries(
      Object.values(template.findResources('AWS::S3::Bucket') as Record<string, { Properties: Record<string, any> }>).map((b) => [
        JSON.stringify(b.Properties.BucketName).match(/vend-[a-z]+-([a-z]+)-/)![1],
        b.Properties,
      ]),
    ) as Record<string, Record<string, any>>;

  it('aborts incomplete multipart uploads after a day on every bucket', () => {
    for (const [purpose, bucket] of Object.entries(bucketsByPurpose(dev))) {
      expect(bucket.LifecycleConfiguration.Rules, purpose).toContainEqual(
        expect.objectContaining({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 }, Status: 'Enabled' }),
      );
    }
  });

  it('expires historical data exports a day after their link, and unverified browser uploads after a day', () => {
    const buckets = bucketsByPurpose(dev);
    expect(buckets.exports!.LifecycleConfiguration.Rules).toContainEqual(
      expect.objectContaining({ Prefix: 'historical-data/', ExpirationInDays: LINK_VALIDITY_DAYS + 1, Status: 'Enabled' }),
    );
    for (const purpose of ['firmware', 'cashdb', 'content']) {
      expect(buckets[purpose]!.LifecycleConfiguration.Rules, purpose).toContainEqual(
        expect.objectContaining({ Prefix: 'incoming/', ExpirationInDays: 1, NoncurrentVersionExpiration: { NoncurrentDays: 1 }, Status: 'Enabled' }),
      );
    }
    expect(JSON.stringify(buckets.exports!.LifecycleConfiguration)).not.toContain('incoming/');
    expect(buckets.exports!.LifecycleConfiguration.Rules).toContainEqual(
      expect.objectContaining({ Prefix: 'reports/', ExpirationInDays: 2, Status: 'Enabled' }),
    );
  });

  it('lets the console PUT to the upload buckets and GET from the exports and cash databases buckets from the browser (its origin when given), nothing else', () => {
    const defaults = bucketsByPurpose(dev);
    const app = new App();
    const withOrigin = bucketsByPurpose(
      Template.fromStack(new DataStack(app, 'vend-dev-data', { stage: new StageConfig('dev'), consoleOrigin: 'https://console.example.com' })),
    );
    for (const [buckets, origin] of [
      [defaults, 'https://*.cloudfront.net'],
      [withOrigin, 'https://console.example.com'],
    ] as const) {
      const upload = { AllowedOrigins: [origin], AllowedMethods: ['PUT'], AllowedHeaders: ['content-type'], ExposedHeaders: ['ETag'], MaxAge: 3000 };
      expect(buckets.firmware!.CorsConfiguration).toEqual({ CorsRules: [upload] });
      // Cash databases are downloaded from the console too (every role of the merchant).
      expect(buckets.cashdb!.CorsConfiguration).toEqual({
        CorsRules: [upload, { AllowedOrigins: [origin], AllowedMethods: ['GET'], ExposedHeaders: ['Content-Disposition'], MaxAge: 3000 }],
      });
      // Downloads: fetch follows the API's 302 to a presigned GET and reads the file name the bucket answers.
      expect(buckets.exports!.CorsConfiguration).toEqual({
        CorsRules: [{ AllowedOrigins: [origin], AllowedMethods: ['GET'], ExposedHeaders: ['Content-Disposition'], MaxAge: 3000 }],
      });
      expect(buckets.logs!.CorsConfiguration).toBeUndefined();
      // The content bucket (portal logos, post images): uploaded by the console and read back by it.
      expect(buckets.content!.CorsConfiguration).toEqual({
        CorsRules: [
          { AllowedOrigins: [origin], AllowedMethods: ['PUT'], AllowedHeaders: ['content-type'], ExposedHeaders: ['ETag'], MaxAge: 3000 },
          { AllowedOrigins: [origin], AllowedMethods: ['GET'], ExposedHeaders: ['Content-Disposition'], MaxAge: 3000 },
        ],
      });
    }
  });

  it('has a rotated KMS key for the storage configs’ passwords', () => {
    dev.hasResourceProperties('AWS::KMS::Key', { Description: Match.stringLikeRegexp('storage configs'), EnableKeyRotation: true });
    dev.hasResourceProperties('AWS::KMS::Alias', { AliasName: Match.stringLikeRegexp('storage-secrets') });
  });
});

describe('auth stack', () => {
  const dev = auth('dev');
  const prod = auth('prod');

  it('creates an email sign-in pool with custom:roles and the password policy, invitations only', () => {
    dev.hasResourceProperties('AWS::Cognito::UserPool', {
      UserPoolName: 'vend-dev-users',
      UsernameAttributes: ['email'],
      AdminCreateUserConfig: Match.objectLike({ AllowAdminCreateUserOnly: true }),
      Policies: {
        PasswordPolicy: Match.objectLike({ MinimumLength: 8, RequireUppercase: true, RequireNumbers: true, RequireSymbols: true }),
      },
      Schema: Match.arrayWith([Match.objectLike({ Name: 'roles', AttributeDataType: 'String', Mutable: true })]),
    });
  });

  it('creates an app client without secret for USER_PASSWORD_AUTH, SRP and refresh', () => {
    dev.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      ExplicitAuthFlows: Match.arrayEquals(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']),
      ReadAttributes: Match.arrayWith(['custom:roles']),
    });
    const [client] = Object.values(dev.findResources('AWS::Cognito::UserPoolClient'));
    expect(client!.Properties.WriteAttributes).not.toContain('custom:roles');
  });

  it('retains the pool on prod only', () => {
    prod.hasResource('AWS::Cognito::UserPool', { DeletionPolicy: 'Retain' });
    dev.hasResource('AWS::Cognito::UserPool', { DeletionPolicy: 'Delete' });
  });
});
