import { IotCommandPublisher } from '../adapters/iot/command-publisher';
import type { CommandPublisher } from '../core/remote-commands/ports';
import { getDeps } from './composition';

let publisher: { endpoint?: string; value: CommandPublisher } | undefined;

/**
 * The IoT data-plane publisher, built once per process. Kept out of the shared composition root so that
 * only the functions that send remote commands bundle the IoT SDK.
 */
export function commandPublisher(): CommandPublisher {
  const { config } = getDeps();
  if (!publisher || publisher.endpoint !== config.iotDataEndpoint) {
    publisher = { endpoint: config.iotDataEndpoint, value: new IotCommandPublisher({ region: config.region, endpoint: config.iotDataEndpoint }) };
  }
  return publisher.value;
}
