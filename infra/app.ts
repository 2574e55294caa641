/**
 * CDK app: `cdk synth|deploy -c stage=<name> [-c tenant=nebular] [-c iotEndpoint=<host>] [-c bundle=false] [-c alarmEmail=<address>] [-c consoleOrigin=<https://host>] [-c notificationFrom=<address>] [-c auditTrailRetentionDays=<days>]`.
 * The stage (lowercase letters, digits, dashes; 2-20 characters) prefixes every stack and physical name.
 */
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { groups } from '../functions/api/manifest';
import { parseStage, StageError } from './constructs/stage';
import { createConsoleStacks } from './stacks/console-app';

const app = new App();

const context = (key: string): string | undefined => {
  const value: unknown = app.node.tryGetContext(key);
  return value === undefined || value === null || value === '' ? undefined : String(value);
};

let stage: string;
try {
  stage = parseStage(app.node.tryGetContext('stage'));
} catch (error) {
  if (error instanceof StageError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

createConsoleStacks(app, {
  stage,
  groups,
  tenant: context('tenant'),
  iotEndpoint: context('iotEndpoint'),
  alarmEmail: context('alarmEmail'),
  consoleOrigin: context('consoleOrigin'),
  notificationFrom: context('notificationFrom'),
  auditTrailRetentionDays: context('auditTrailRetentionDays'),
  // Real synths bundle; `-c bundle=false` gives placeholder code for a quick look at the templates.
  bundle: context('bundle') !== 'false',
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
});

Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
