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
import { applyPricesAcknowledgement } from '../core/prices/sync';
import { PRICES_COMMAND_TYPE } from '#schemas/prices-constants';
import type { FunctionAccess } from '../runtime/access';
import { iotDataEndpoint, loadCommandSettings, tableConfig } from '../runtime/config';
import { lazy } from '../runtime/lazy';
import { logger } from '../runtime/logger';
import { priceSyncDeps } from './price-sync';

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
  const prices = priceSyncDeps(doc, tableName);
  return {
    ...deps,
    merchantOf: async (serial) => (await readRegistration(doc, tableName, serial))?.merchantId,
    // The end of a send of prices closes the prices' send (and with IMMEDIATE, a success syncs them).
    beforeCommandEnds: async (command, result) => {
      if (command.type === PRICES_COMMAND_TYPE) await applyPricesAcknowledgement(prices, command, result);
    },
  };
}

export const commandSweepDeps = lazy(() => buildCommandSweepDeps());
export const commandAckDeps = lazy(() => buildCommandAckDeps());
