import { CfnOutput, Duration, NestedStack, Stack, type StackProps } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as kms from 'aws-cdk-lib/aws-kms';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type * as sns from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import { API_PREFIX, type RouteGroup } from '../../functions/http/manifest';
import { notify } from '../constructs/alarms';
import { AppFunction } from '../constructs/app-function';
import { grantAccess } from '../constructs/grants';
import { HistoricalDataWorkflow } from '../constructs/historical-data-workflow';
import { ReportWorkflow } from '../constructs/report-workflow';
import { RolloutWorkflow } from '../constructs/rollout-workflow';
import { acknowledge } from '../constructs/nag';
import { linkKeyEnvironment, secretsKeyEnvironment } from '../constructs/runtime-environment';
import type { StageConfig } from '../constructs/stage';
import { stageBuckets } from './data-stack';

/**
 * The API's 5xx alarm: at least `percent` of the requests of a `periodMinutes` window answered 5xx, once the
 * window has `minimumRequests` (a single failure among three requests is not an outage).
 */
export const SERVER_ERROR_RATE_ALARM = { percent: 5, minimumRequests: 10, periodMinutes: 5 } as const;

/** Lambda entry of a group, relative to the repository root. */
export const groupEntry = (group: string) => `functions/api/${group}/handler.ts`;

export interface ApiStackProps extends StackProps {
  stage: StageConfig;
  /** The route manifest (`functions/api/manifest.ts` → `groups`). */
  groups: readonly RouteGroup[];
  table: dynamodb.ITable;
  userPool: cognito.IUserPool;
  userPoolClient: cognito.IUserPoolClient;
  /** JWT issuer of the pool (`https://cognito-idp.<region>.amazonaws.com/<poolId>`). */
  issuer: string;
  /** Environment shared by every function (see runtimeEnvironment). */
  environment: Record<string, string>;
  /** The stage's unsubscribe link key (data stack), for groups with `linkKey` access. */
  linkKey?: secretsmanager.ISecret;
  /** The stage's secrets key (data stack), for groups with `sealSecrets` access. */
  secretsKey?: kms.IKey;
  /** false: placeholder code instead of esbuild bundles (fast template tests only). Default true. */
  bundle?: boolean;
  /** Stage throttling; default 100 requests/s, burst 200. */
  throttle?: { rateLimit: number; burstLimit: number };
  /** Notified by the 5xx rate alarm. */
  alarmTopic?: sns.ITopic;
}

const GROUP_NAME = /^[a-z][a-z0-9-]{0,39}$/;

/**
 * The HTTP API: one Lambda per route group, one route per manifest entry, Cognito JWT authorizer; and the
 * workflows its routes start (the historical-data and report state machines). Each group's routes, integration and
 * invoke permission live in a nested stack of their own (`Routes-<group>`): a CloudFormation stack holds at most 500
 * resources, and 280 routes with their groups' functions passed it. One nested stack per group keeps a route in the
 * same stack when other groups come and go (moving a route between stacks would create it before the old one is gone).
 */
export class ApiStack extends Stack {
  readonly httpApi: apigw.HttpApi;
  readonly stage: apigw.HttpStage;
  /** `<apiId>.execute-api.<region>.amazonaws.com`: the CloudFront origin. */
  readonly apiDomainName: string;
  readonly functions: ReadonlyMap<string, AppFunction>;
  /** The share of 5xx answers (API Gateway's own metrics: they count what no function saw, e.g. timeouts). */
  readonly serverErrorRateAlarm: cloudwatch.Alarm;
  /** The historical-data state machine the groups with `startWorkflows` start. */
  readonly historicalData: HistoricalDataWorkflow;
  /** The rollout state machine the groups with `startRollouts` start. */
  readonly rollout: RolloutWorkflow;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { stage, groups } = props;

    this.httpApi = new apigw.HttpApi(this, 'HttpApi', {
      apiName: stage.physicalName('api'),
      description: `Vending console API (${stage.name})`,
      createDefaultStage: false,
    });
    const accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      logGroupName: `/vend/${stage.name}/api-access`,
      retention: stage.isProd ? logs.RetentionDays.SIX_MONTHS : logs.RetentionDays.ONE_MONTH,
      removalPolicy: stage.removalPolicy,
    });
    this.stage = new apigw.HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: props.throttle ?? { rateLimit: 100, burstLimit: 200 },
      accessLogSettings: { destination: new apigw.LogGroupLogDestination(accessLogs) },
    });
    this.apiDomainName = `${this.httpApi.apiId}.execute-api.${this.region}.${this.urlSuffix}`;

    const authorizer = new HttpJwtAuthorizer('CognitoJwt', props.issuer, {
      authorizerName: 'cognito-id-token',
      jwtAudience: [props.userPoolClient.userPoolClientId],
      identitySource: ['$request.header.Authorization'],
    });
    const noAuth = new apigw.HttpNoneAuthorizer();

    this.historicalData = new HistoricalDataWorkflow(this, 'HistoricalData', {
      stage,
      environment: props.environment,
      targets: { table: props.table, buckets: stageBuckets(this, stage) },
      bundle: props.bundle,
    });
    const stateMachine = this.historicalData.stateMachine;
    const report = new ReportWorkflow(this, 'Report', {
      stage,
      environment: props.environment,
      targets: { table: props.table, buckets: stageBuckets(this, stage) },
      bundle: props.bundle,
    }).stateMachine;
    this.rollout = new RolloutWorkflow(this, 'Rollout', {
      stage,
      environment: props.environment,
      targets: { table: props.table, buckets: stageBuckets(this, stage) },
      bundle: props.bundle,
    });
    const rollout = this.rollout.stateMachine;

    const functions = new Map<string, AppFunction>();
    const seenRoutes = new Map<string, string>();
    for (const group of groups) {
      if (!GROUP_NAME.test(group.name)) {
        throw new Error(`Route group name ${JSON.stringify(group.name)} must be lowercase letters, digits and dashes.`);
      }
      if (functions.has(group.name)) throw new Error(`Route group ${group.name} is declared twice.`);

      const fn = new AppFunction(this, `Group-${group.name}`, {
        stage,
        name: `api-${group.name}`,
        entry: groupEntry(group.name),
        environment: {
          ...props.environment,
          ...(group.access.startWorkflows ? { HISTORICAL_DATA_STATE_MACHINE_ARN: stateMachine.stateMachineArn } : {}),
          ...(group.access.startReports ? { REPORT_STATE_MACHINE_ARN: report.stateMachineArn } : {}),
          ...(group.access.startRollouts ? { ROLLOUT_STATE_MACHINE_ARN: rollout.stateMachineArn } : {}),
          ...(group.access.linkKey ? linkKeyEnvironment(props.linkKey) : {}),
          ...(group.access.sealSecrets ? secretsKeyEnvironment(props.secretsKey) : {}),
        },
        bundle: props.bundle,
        description: `/api/v1 route group ${group.name}`,
      });
      functions.set(group.name, fn);
      grantAccess(fn.role, group.access, {
        table: props.table,
        userPool: props.userPool,
        buckets: stageBuckets(this, stage),
        historicalData: stateMachine,
        secretsKey: props.secretsKey,
        report,
        rollout,
      });

      const integration = new HttpLambdaIntegration(`Integration-${group.name}`, fn.fn, {
        payloadFormatVersion: apigw.PayloadFormatVersion.VERSION_2_0,
        // One invoke permission per function (not per route) keeps the function policy small.
        scopePermissionToRoute: false,
      });
      const routesStack = new NestedStack(this, `Routes-${group.name}`, { description: `/api/v1 routes of group ${group.name}` });
      for (const route of group.routes) {
        const path = `${API_PREFIX}${route.path}`;
        const key = `${route.method} ${path}`;
        const owner = seenRoutes.get(key);
        if (owner) throw new Error(`Route ${key} is declared by groups ${owner} and ${group.name}.`);
        seenRoutes.set(key, group.name);
        const isPublic = route.roles === 'public';
        const created = new apigw.HttpRoute(routesStack, `${route.method}${path}`, {
          httpApi: this.httpApi,
          routeKey: apigw.HttpRouteKey.with(path, apigw.HttpMethod[route.method]),
          integration,
          authorizer: isPublic ? noAuth : authorizer,
        });
        if (isPublic) {
          acknowledge(
            created,
            'AwsSolutions-APIG4',
            `${key} is declared 'public' in the route manifest (spec: unauthenticated reference data and sign-in support).`,
          );
        }
      }
    }
    this.functions = functions;
    this.serverErrorRateAlarm = this.serverErrorRate(props);

    new CfnOutput(this, 'ApiEndpoint', { value: this.httpApi.apiEndpoint });
  }

  private serverErrorRate(props: ApiStackProps): cloudwatch.Alarm {
    const { percent, minimumRequests, periodMinutes } = SERVER_ERROR_RATE_ALARM;
    const period = Duration.minutes(periodMinutes);
    const rate = new cloudwatch.MathExpression({
      expression: `IF(requests >= ${minimumRequests}, 100 * errors / requests, 0)`,
      usingMetrics: {
        errors: this.httpApi.metricServerError({ period, statistic: cloudwatch.Stats.SUM }),
        requests: this.httpApi.metricCount({ period, statistic: cloudwatch.Stats.SUM }),
      },
      period,
      label: '5xx answers (% of requests)',
    });
    const alarm = rate.createAlarm(this, 'ServerErrorRateAlarm', {
      alarmName: props.stage.physicalName('api-5xx-rate'),
      alarmDescription: `At least ${percent}% of the API's answers were 5xx over ${periodMinutes} minutes (with ${minimumRequests}+ requests). The VendConsole Api5xx metric by group shows which route group; the functions' logs have the errors.`,
      threshold: percent,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    notify(alarm, props.alarmTopic);
    return alarm;
  }
}
