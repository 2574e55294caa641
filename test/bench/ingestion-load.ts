/**
 * Load publisher for the ingestion bench, run in its own process (the other core): N devices, each a
 * real MQTT client (3.1.1, TCP no-delay, client id = serial), publish M telemetry envelopes with QoS 1 on the topic a
 * machine publishes on (Basic Ingest, schemas/device-topics.ts),
 * at most `window` unacknowledged per device (IoT Core allows 100) and at most `perDeviceRate` per second
 * (IoT Core allows 100 publishes/s per connection). Prints one JSON line with the timings.
 *
 *   tsx test/bench/ingestion-load.ts <mqttUrl> <devices> <messagesPerDevice> <firstSerial> [window] [perDeviceRate]
 */
import { devicePublishTopic } from '#schemas/device-topics';
import { connectMqtt, loadSerials, newMessageId, telemetryMessage } from '../../infra/local/simulator';

const [mqttUrl, devicesArg, perDeviceArg, firstArg, windowArg, rateArg] = process.argv.slice(2);
const devices = Number(devicesArg);
const perDevice = Number(perDeviceArg);
const window = Number(windowArg ?? 20);
const perDeviceRate = Number(rateArg ?? 100);
const serials = loadSerials(devices, 'CENG', Number(firstArg));

const clients = await Promise.all(serials.map((s) => connectMqtt(mqttUrl!, `${s}`, { reconnectPeriod: 0 })));
// Messages are built before the clock starts: the figure is about moving them, not making them.
const base = Date.now();
const payloads = serials.map((serial) =>
  Array.from({ length: perDevice }, (_, i) =>
    // Every ping's readings differ from all the device's others, so each stores its sample (samples are thinned on
    // unchanged readings): the path measured is the one that writes most, and the stored-exactly-once check holds.
    JSON.stringify(
      telemetryMessage(serial, {
        messageId: newMessageId('bn'),
        sentAt: new Date(base + i).toISOString(),
        signalLevel: i % 101,
        temperature: 3 + Math.floor(i / 101) / 10,
      }),
    ),
  ),
);
process.stdout.write(`START ${Date.now()}\n`);
const started = performance.now();
const minGapMs = 1000 / perDeviceRate;
await Promise.all(
  clients.map(async (client, d) => {
    let next = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: window }, async () => {
        while (next < perDevice) {
          const i = next++;
          const due = t0 + i * minGapMs;
          const wait = due - performance.now();
          if (wait > 1) await new Promise((r) => setTimeout(r, wait));
          await client.publishAsync(devicePublishTopic(serials[d]!, 'telemetry'), payloads[d]![i]!, { qos: 1 });
        }
      }),
    );
  }),
);
const publishMs = performance.now() - started;
await Promise.all(clients.map((c) => c.endAsync()));
process.stdout.write(`${JSON.stringify({ devices, perDevice, messages: devices * perDevice, publishMs })}\n`);
process.exit(0);
