/**
 * What the remote command delivery triggers share, without Cognito configuration: the command repository, the
 * delivery settings and the log. The sweep adds the IoT publisher (command-sweep/deps.ts), the acknowledgements
 * the registry lookup and the prices' sync (iot-commands-ack/deps.ts; they publish nothing).
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createDocumentClient } from '../adapters/dynamodb/client';
import { DynamoRemoteCommandRepository } from '../adapters/dynamodb/remote-command-repository';
import type { DeliveryDeps } from '../core/remote-commands/delivery';
import { loadCommandSettings, tableConfig } from '../runtime/config';
import { logger } from '../runtime/logger';

export function commandStore(env: NodeJS.ProcessEnv): { doc: DynamoDBDocumentClient; tableName: string; deps: Omit<DeliveryDeps, 'commandPublisher'> } {
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
