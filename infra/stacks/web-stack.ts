import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { acknowledge, documentWildcardFindings } from '../constructs/nag';
import { REPO_ROOT, S3_LOGS_USE_BUCKET_POLICY, type StageConfig } from '../constructs/stage';
import { ABORT_INCOMPLETE_UPLOADS, BUCKET_PURPOSES } from './data-stack';

export interface WebStackProps extends StackProps {
  stage: StageConfig;
  /** `<apiId>.execute-api.<region>.amazonaws.com` (ApiStack.apiDomainName). */
  apiDomainName: string;
  /** Built SPA; deployed only when the folder exists. Default `<repo>/frontend/dist`. */
  webAssetPath?: string;
}

/**
 * Viewer-request function of the default (S3) behaviour: history routing. Paths whose last segment has no
 * file extension are served /index.html. It is not attached to /api/*, so API errors stay API errors
 * (distribution-wide custom error responses would turn an API 404 into index.html).
 */
export const SPA_REWRITE_FUNCTION = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var last = uri.substring(uri.lastIndexOf('/') + 1);
  if (uri.indexOf('/api/') !== 0 && last.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}`;

/**
 * `fileOrigins`: the buckets the console fetches from through presigned URLs (a download route's 302 is
 * followed by fetch, so the bucket's origin is a connect-src too).
 */
export function contentSecurityPolicy(region: string, urlSuffix = 'amazonaws.com', fileOrigins: readonly string[] = []): string {
  return [
    "default-src 'self'",
    [`connect-src 'self' https://cognito-idp.${region}.${urlSuffix}`, ...fileOrigins].join(' '),
    "img-src 'self' data:",
    "style-src 'self' 'unsafe-inline'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The console: private SPA bucket behind CloudFront (OAC), `/api/*` forwarded to the HTTP API. */
export class WebStack extends Stack {
  readonly bucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  readonly deployment?: s3deploy.BucketDeployment;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    // Server access logs are delivered through a bucket policy, not the legacy LogDeliveryWrite ACL.
    this.node.setContext(S3_LOGS_USE_BUCKET_POLICY, true);
    const { stage } = props;
    const name = (purpose: string) => `${stage.physicalName(purpose)}-${this.account}-${this.region}`;
    // Historical data downloads (presigned GETs of the exports bucket, virtual-hosted style).
    const exportsOrigin = `https://${stage.bucketName(BUCKET_PURPOSES.exports, this)}.s3.${this.region}.${this.urlSuffix}`;

    // CloudFront standard logging still writes with ACLs: this bucket keeps them enabled (owner preferred).
    const logs = new s3.Bucket(this, 'Logs', {
      bucketName: name('web-logs'),
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(stage.isProd ? 365 : 30) }, ABORT_INCOMPLETE_UPLOADS],
      removalPolicy: stage.removalPolicy,
      autoDeleteObjects: !stage.isProd,
    });

    this.bucket = new s3.Bucket(this, 'Site', {
      bucketName: name('web'),
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: logs,
      serverAccessLogsPrefix: 's3/',
      lifecycleRules: [ABORT_INCOMPLETE_UPLOADS],
      removalPolicy: stage.removalPolicy,
      autoDeleteObjects: !stage.isProd,
    });

    const headers = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      responseHeadersPolicyName: stage.physicalName('security-headers'),
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(this.region, this.urlSuffix, [exportsOrigin]), override: true },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(730),
          includeSubdomains: true,
          preload: true,
          override: true,
        },
        contentTypeOptions: { override: true },
        referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
      },
    });

    const spaRewrite = new cloudfront.Function(this, 'SpaRewrite', {
      functionName: stage.physicalName('spa-rewrite'),
      comment: 'History routing: extension-less paths serve /index.html',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(SPA_REWRITE_FUNCTION),
    });

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `vend-${stage.name} console`,
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: logs,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headers,
        functionAssociations: [{ function: spaRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: new origins.HttpOrigin(props.apiDomainName, {
            protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
          }),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: headers,
        },
      },
    });
    acknowledge(
      this.distribution,
      'AwsSolutions-CFR1',
      'Machines and their operators are in many countries; the specification sets no geographic restriction.',
    );
    acknowledge(
      this.distribution,
      'AwsSolutions-CFR2',
      'No WAF web ACL yet (it needs a us-east-1 stack and a budget); the API is JWT-authorized and throttled at the stage.',
    );
    acknowledge(
      this.distribution,
      'AwsSolutions-CFR4',
      'Stages use the default *.cloudfront.net certificate (no custom domain), for which the minimum TLS version cannot be set.',
    );

    const assets = props.webAssetPath ?? join(REPO_ROOT, 'frontend', 'dist');
    if (existsSync(assets)) {
      this.deployment = new s3deploy.BucketDeployment(this, 'DeploySpa', {
        sources: [s3deploy.Source.asset(assets)],
        destinationBucket: this.bucket,
        distribution: this.distribution,
        distributionPaths: ['/*'],
        memoryLimit: 512,
      });
      // The deployment's handler is a stack-level singleton owned by aws-cdk-lib.
      for (const child of this.node.children) {
        if (!child.node.id.startsWith('Custom::CDKBucketDeployment')) continue;
        acknowledge(child, 'AwsSolutions-IAM4', 'aws-cdk-lib BucketDeployment handler: AWSLambdaBasicExecutionRole only lets it write its own logs.', [
          'Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole',
        ]);
        acknowledge(child, 'AwsSolutions-L1', 'The BucketDeployment handler runtime is chosen by aws-cdk-lib, not by this project.');
        const policy = child.node.tryFindChild('ServiceRole')?.node.tryFindChild('DefaultPolicy');
        if (policy instanceof iam.Policy) {
          acknowledge(
            child,
            'AwsSolutions-IAM5',
            'aws-cdk-lib BucketDeployment: reads the staged asset from the CDK assets bucket, replaces the objects of the SPA bucket and invalidates the distribution (CloudFront invalidation has no resource-level permission).',
            documentWildcardFindings(this, policy.document),
          );
        }
      }
    }

    new CfnOutput(this, 'Url', { value: `https://${this.distribution.distributionDomainName}` });
  }
}
