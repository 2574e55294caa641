/**
 * The MQTT topics of a machine (DESIGN §6), relative to `vend/{serial}/`: one definition for the IoT policy and rules
 * (infra/stacks/iot-stack.ts, functions/triggers/manifest.ts's iotRule sources), the local broker and rule router
 * (infra/local/emulators/iot.ts) and the simulator.
 *
 * Basic Ingest: a device publishes its device → cloud messages on `$aws/rules/{rule}/vend/{serial}/{topic}`, which
 * goes to that one rule without IoT Core's messaging charge (the rule sees `vend/{serial}/{topic}` as its topic). The
 * named form stays allowed (machines in the field publish it until their firmware changes) and reaches the same rule.
 * A Basic Ingest message reaches no subscriber, so the command acknowledgement stays on its named topic: tools (a
 * technician's MQTT client, the tests) watch a machine answer there, and a few acknowledgements a day save nothing.
 */
export const DEVICE_TO_CLOUD_TOPICS = [
  'telemetry',
  'sales',
  'alarms',
  'audit',
  'config',
  'commands/ack',
  // A cash-handling machine's own data (schemas/cash-messages.ts); a vending machine's coin mechanism sends cash-acceptance.
  'sensors',
  'cash-acceptance',
  'cash-movements',
  'device-errors',
  // The licence report of the cash-handling connector (schemas/licence-report.ts).
  'licenseinfos',
  // A machine's progress through a firmware or cash database it was sent (schemas/firmware-report.ts).
  'firmware',
] as const;
export type DeviceToCloudTopic = (typeof DEVICE_TO_CLOUD_TOPICS)[number];
export const CLOUD_TO_DEVICE_TOPICS = ['commands', 'medias'] as const;

export const BASIC_INGEST_TOPICS: ReadonlySet<DeviceToCloudTopic> = new Set([
  'telemetry',
  'sales',
  'alarms',
  'audit',
  'config',
  'sensors',
  'cash-acceptance',
  'cash-movements',
  'device-errors',
]);
export const BASIC_INGEST_PREFIX = '$aws/rules/';

/** The IoT rule (its name in the triggers manifest) that takes a device → cloud topic. */
export const ruleOfTopic = (topic: DeviceToCloudTopic) => topic.replace('/', '-');
/** The rule's topic filter. */
export const topicFilterOf = (topic: DeviceToCloudTopic) => `vend/+/${topic}`;

export const deviceTopic = (serial: string, topic: string) => `vend/${serial}/${topic}`;

/**
 * The topic a machine publishes a device → cloud message on: Basic Ingest where the topic has it. `deployedRule`
 * gives a rule's deployed name (in AWS the stage's: `vend_<stage>_telemetry`; locally the manifest's).
 */
export function devicePublishTopic(serial: string, topic: DeviceToCloudTopic, deployedRule: (rule: string) => string = (r) => r): string {
  return BASIC_INGEST_TOPICS.has(topic)
    ? `${BASIC_INGEST_PREFIX}${deployedRule(ruleOfTopic(topic))}/${deviceTopic(serial, topic)}`
    : deviceTopic(serial, topic);
}

/** A Basic Ingest topic's rule and the topic the rule sees; undefined for any other topic. */
export function parseBasicIngest(topic: string): { rule: string; topic: string } | undefined {
  const m = /^\$aws\/rules\/([A-Za-z0-9_-]+)\/(.+)$/.exec(topic);
  return m && !m[2]!.startsWith('$') ? { rule: m[1]!, topic: m[2]! } : undefined;
}
