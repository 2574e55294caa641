import type { SendDeps } from '../../core/remote-commands/use-cases';
import { DynamoMachineReads } from '../../adapters/dynamodb/machine-reads';
import { DynamoRemoteCommandRepository } from '../../adapters/dynamodb/remote-command-repository';
import { IotCommandPublisher } from '../../adapters/iot/command-publisher';
import type { FunctionAccess } from '../../shared/access';
import { baseDeps, type BaseDeps } from '../../shared/base-deps';
import { lazy } from '../../shared/lazy';
import { logger } from '../../shared/logger';

export const access = { table: 'readWrite', publishCommands: true } as const satisfies FunctionAccess;

export type RemoteCommandsGroupDeps = BaseDeps & SendDeps;

/** The remote-commands group: machines, their commands, delivery settings and the IoT data-plane publisher. */
export const deps = lazy((): RemoteCommandsGroupDeps => {
  const base = baseDeps(access);
  const { doc, config } = base;
  return {
    ...base,
    pos: new DynamoMachineReads(doc, config.tableName),
    remoteCommands: new DynamoRemoteCommandRepository(doc, config.tableName),
    commandSettings: config.commands,
    commandPublisher: new IotCommandPublisher({ region: config.region, endpoint: config.iotDataEndpoint }),
    log: (level, message, fields) => logger[level](message, fields),
  };
});
