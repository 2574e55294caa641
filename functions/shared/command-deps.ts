import { DynamoRemoteCommandRepository } from '../adapters/dynamodb/remote-command-repository';
import { IotCommandPublisher } from '../adapters/iot/command-publisher';
import type { SendDeps } from '../core/remote-commands/use-cases';
import type { Deps } from './composition';
import { logger } from './logger';

let built: { deps: Deps; value: SendDeps } | undefined;

/**
 * The remote-commands group's deps: the shared ones plus the command repository, delivery settings and the
 * IoT data-plane publisher, built once per process. Kept out of the shared composition root so that only
 * this group bundles them (and the IoT SDK).
 */
export function commandDeps(deps: Deps): SendDeps {
  if (built?.deps !== deps) {
    const { config } = deps;
    built = {
      deps,
      value: {
        ...deps,
        remoteCommands: new DynamoRemoteCommandRepository(deps.doc, config.tableName),
        commandSettings: config.commands,
        commandPublisher: new IotCommandPublisher({ region: config.region, endpoint: config.iotDataEndpoint }),
        log: (level, message, fields) => logger[level](message, fields),
      },
    };
  }
  return built.value;
}
