import { IoTDataPlaneClient, PublishCommand } from '@aws-sdk/client-iot-data-plane';
import type { CommandPublisher } from '../../core/remote-commands/ports';

/**
 * IoT data-plane Publish (QoS 1). `endpoint`: the account's ATS data endpoint in AWS (IOT_ENDPOINT), the
 * local broker's publish endpoint in the embedded stack (IOT_DATA_ENDPOINT).
 */
export class IotCommandPublisher implements CommandPublisher {
  private readonly client: IoTDataPlaneClient;

  constructor(opts: { region: string; endpoint?: string }) {
    this.client = new IoTDataPlaneClient({ region: opts.region, maxAttempts: 2, ...(opts.endpoint ? { endpoint: opts.endpoint } : {}) });
  }

  async publish(topic: string, payload: string): Promise<void> {
    await this.client.send(new PublishCommand({ topic, qos: 1, payload: new TextEncoder().encode(payload) }));
  }
}
