import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { StageConfig } from '../../infra/constructs/stage';
import { WebStack } from '../../infra/stacks/web-stack';

type Resources = Record<string, { Properties: Record<string, any> }>;

function web(stage: string, webAssetPath: string) {
  const app = new App();
  const stack = new WebStack(app, `vend-${stage}-web`, {
    stage: new StageConfig(stage),
    apiDomainName: 'abc123.execute-api.eu-west-1.amazonaws.com',
    webAssetPath,
    env: { region: 'eu-west-1' },
  });
  return Template.fromStack(stack);
}

const dist = mkdtempSync(join(tmpdir(), 'cdk-web-dist-'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>console</title>');

describe('web stack', () => {
  const t = web('dev', '/nonexistent/dist');
  const distribution = () => Object.values(t.findResources('AWS::CloudFront::Distribution') as Resources)[0]!.Properties.DistributionConfig;

  it('aborts incomplete multipart uploads after a day on both buckets', () => {
    const buckets = Object.values(t.findResources('AWS::S3::Bucket') as Resources);
    expect(buckets).toHaveLength(2);
    for (const b of buckets) {
      expect(b.Properties.LifecycleConfiguration.Rules).toContainEqual(expect.objectContaining({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 } }));
    }
  });

  it('serves a private bucket through CloudFront with origin access control', () => {
    t.hasResourceProperties('AWS::S3::Bucket', {
      BucketName: Match.objectLike({ 'Fn::Join': ['', Match.arrayWith([Match.stringLikeRegexp('^vend-dev-web-')])] }),
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
    });
    t.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: Match.objectLike({ OriginAccessControlOriginType: 's3', SigningBehavior: 'always', SigningProtocol: 'sigv4' }),
    });
    const s3Origin = distribution().Origins.find((o: any) => o.S3OriginConfig);
    expect(s3Origin.OriginAccessControlId).toBeDefined();
    expect(s3Origin.S3OriginConfig.OriginAccessIdentity).toBe('');
    expect(distribution().DefaultRootObject).toBe('index.html');
  });

  it('forwards /api/* to the HTTP API without caching and with all viewer headers but Host', () => {
    const [api] = distribution().CacheBehaviors;
    expect(api.PathPattern).toBe('/api/*');
    expect(api.CachePolicyId).toBe('4135ea2d-6df8-44a3-9df3-4b5a84be39ad'); // CachingDisabled
    expect(api.OriginRequestPolicyId).toBe('b689b0a8-53d0-40ab-baf2-68738e2966ac'); // AllViewerExceptHostHeader
    expect(api.AllowedMethods).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']));
    expect(api.FunctionAssociations).toBeUndefined();
    const origin = distribution().Origins.find((o: any) => o.Id === api.TargetOriginId);
    expect(origin.DomainName).toBe('abc123.execute-api.eu-west-1.amazonaws.com');
    expect(origin.CustomOriginConfig.OriginProtocolPolicy).toBe('https-only');
  });

  it('falls back to /index.html for app routes, but not for files or /api/*', () => {
    expect(distribution().CustomErrorResponses).toBeUndefined(); // they would also rewrite API 403/404s
    const [association] = distribution().DefaultCacheBehavior.FunctionAssociations;
    expect(association.EventType).toBe('viewer-request');
    const [fn] = Object.values(t.findResources('AWS::CloudFront::Function') as Resources);
    const code = fn!.Properties.FunctionCode as string;
    const rewrite = (uri: string) => runInNewContext(`${code}; handler({ request: { uri: ${JSON.stringify(uri)} } }).uri`) as string;
    expect(rewrite('/dashboard')).toBe('/index.html');
    expect(rewrite('/admin/merchants/42')).toBe('/index.html');
    expect(rewrite('/')).toBe('/index.html');
    expect(rewrite('/assets/index-abc.js')).toBe('/assets/index-abc.js');
    expect(rewrite('/favicon.ico')).toBe('/favicon.ico');
    expect(rewrite('/api/v1/merchants')).toBe('/api/v1/merchants');
  });

  it('sends CSP, HSTS, nosniff and a referrer policy on every behaviour', () => {
    const policies = t.findResources('AWS::CloudFront::ResponseHeadersPolicy') as Resources;
    const [id, policy] = Object.entries(policies)[0]!;
    const headers = policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    expect(JSON.stringify(headers.ContentSecurityPolicy.ContentSecurityPolicy)).toBe(
      JSON.stringify({
        'Fn::Join': [
          '',
          [
            "default-src 'self'; connect-src 'self' https://cognito-idp.eu-west-1.",
            { Ref: 'AWS::URLSuffix' },
            // The exports bucket: downloads follow the API's 302 to a presigned GET.
            ' https://vend-dev-exports-',
            { Ref: 'AWS::AccountId' },
            '-eu-west-1.s3.eu-west-1.',
            { Ref: 'AWS::URLSuffix' },
            "; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'",
          ],
        ],
      }),
    );
    expect(headers.StrictTransportSecurity).toEqual({ AccessControlMaxAgeSec: 63072000, IncludeSubdomains: true, Preload: true, Override: true });
    expect(headers.ContentTypeOptions).toEqual({ Override: true });
    expect(headers.ReferrerPolicy).toEqual({ ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true });
    expect(distribution().DefaultCacheBehavior.ResponseHeadersPolicyId).toEqual({ Ref: id });
    expect(distribution().CacheBehaviors[0].ResponseHeadersPolicyId).toEqual({ Ref: id });
  });

  it('deploys the SPA only when the built folder exists', () => {
    t.resourceCountIs('Custom::CDKBucketDeployment', 0);
    const withSpa = web('dev', dist);
    withSpa.resourceCountIs('Custom::CDKBucketDeployment', 1);
    withSpa.hasResourceProperties('Custom::CDKBucketDeployment', { DistributionPaths: ['/*'] });
  });

  it('retains the buckets on prod only', () => {
    const prod = web('prod', '/nonexistent/dist');
    for (const b of Object.values(prod.findResources('AWS::S3::Bucket'))) expect(b.DeletionPolicy).toBe('Retain');
    for (const b of Object.values(t.findResources('AWS::S3::Bucket'))) expect(b.DeletionPolicy).toBe('Delete');
  });
});
