/**
 * X-Ray active tracing on every function of the app, the deploy-time handlers aws-cdk-lib adds too (custom resources,
 * the SPA deployment): the application functions set it themselves (app-function.ts); this aspect gives the others
 * theirs, with the two X-Ray actions Lambda needs to send the segments (they have no resource-level permission).
 * The state machines trace with `tracingEnabled` (historical-data-workflow.ts).
 */
import { CfnResource, type IAspect } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import type { IConstruct } from 'constructs';
import { acknowledge } from './nag';

export const XRAY_ACTIONS = ['xray:PutTraceSegments', 'xray:PutTelemetryRecords'];
const REASON = 'X-Ray active tracing: xray:PutTraceSegments and xray:PutTelemetryRecords have no resource-level permission.';

/** A core custom resource provider (CfnResource function and role, policies added through the provider). */
interface ProviderLike extends IConstruct {
  addToRolePolicy(statement: unknown): void;
}

export class ActiveTracing implements IAspect {
  visit(node: IConstruct): void {
    if (node instanceof lambda.Function) {
      const cfn = node.node.defaultChild as lambda.CfnFunction;
      if (cfn.tracingConfig) return;
      cfn.tracingConfig = { mode: lambda.Tracing.ACTIVE };
      node.addToRolePolicy(new iam.PolicyStatement({ actions: XRAY_ACTIONS, resources: ['*'] }));
      if (node.role) acknowledge(node.role, 'AwsSolutions-IAM5', REASON, ['Resource::*']);
      return;
    }
    if (node instanceof CfnResource && node.cfnResourceType === 'AWS::Lambda::Function' && !(node instanceof lambda.CfnFunction)) {
      const provider = node.node.scope as Partial<ProviderLike> | undefined;
      if (!provider?.addToRolePolicy) return;
      node.addPropertyOverride('TracingConfig', { Mode: 'Active' });
      provider.addToRolePolicy({ Effect: 'Allow', Action: XRAY_ACTIONS, Resource: '*' });
      acknowledge(provider as IConstruct, 'AwsSolutions-IAM5', REASON, ['Resource::*']);
    }
  }
}
