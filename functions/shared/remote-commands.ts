/**
 * Composition of the remote command delivery triggers, which need no Cognito configuration: the sweep (the
 * command repository, delivery settings and the IoT publisher) and the acknowledgements (the repository and
 * the registry lookup; they publish nothing).
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createDocumentClient } from '../adapters/dynamodb/client';
import { readRegistration } from '../adapters/dynamodb/registrations';
import { DynamoRemoteCommandRepository } from '../adapters/dynamodb/remote-command-repository';
import { IotCommandPublisher } from '../adapters/iot/command-publisher';
import type { AckDeps, DeliveryDeps } from '../core/remote-commands/delivery';
import type { FunctionAccess } from './access';
import { iotDataEndpoint, loadCommandSettings, tableConfig } from './config';
import { lazy } from './lazy';
import { logger } from './logger';

export const commandSweepAccess = { table: 'readWrite', publishCommands: true } as const satisfies FunctionAccess;
export const commandAckAccess = { table: 'readWrite' } as const satisfies FunctionAccess;

function commandStore(env: NodeJS.ProcessEnv): { doc: DynamoDBDocumentClient; tableName: string; deps: Omit<DeliveryDeps, 'commandPublisher'> } {
  const { region, tableName, dynamodbEndpoint } = tableConfig(env);
  const doc = createDocumentClient({ region, endpoint: dynamodbEndpoint });
  return {
    doc,
    tableName,
    deps: {
      remoteCommands: new DynamoRemoteCommandRepository(doc, tableName),
      commandSettings: loadCommandSettings(env),
      now: () => new Date().toISOString(),
      log: (level, message, fields) => logger[level](message, fields),
    },
  };
}

export function buildCommandSweepDeps(env: NodeJS.ProcessEnv = process.env): DeliveryDeps {
  return { ...commandStore(env).deps, commandPublisher: new IotCommandPublisher({ region: tableConfig(env).region, endpoint: iotDataEndpoint(env) }) };
}

export function buildCommandAckDeps(env: NodeJS.ProcessEnv = process.env): AckDeps {
  const { doc, tableName, deps } = commandStore(env);
  return { ...deps, merchantOf: async (serial) => (await readRegistration(doc, tableName, serial))?.merchantId };
}

export const commandSweepDeps = lazy(() => buildCommandSweepDeps());
export const commandAckDeps = lazy(() => buildCommandAckDeps());
