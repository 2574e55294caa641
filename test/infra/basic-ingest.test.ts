/**
 * Basic Ingest (schemas/device-topics.ts): a device → cloud topic published as `$aws/rules/<rule>/vend/<serial>/<topic>`
 * reaches the same rule, and so the same trigger, as its named topic: in the CDK template (the device policy's
 * resource names the rule that selects the named topic) and in the local broker (both forms routed to that rule only,
 * which sees the named topic). A machine may publish for itself only, in either form.
 */
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASIC_INGEST_TOPICS, DEVICE_TO_CLOUD_TOPICS, devicePublishTopic, deviceTopic, ruleOfTopic, topicFilterOf } from '#schemas/device-topics';
import type { RouteGroup } from '../../functions/http/manifest';
import { triggersOf } from '../../functions/triggers/manifest';
import { startIot, type IotRuleEvent, type LocalIot } from '../../infra/local/emulators/iot';
import { manifestIotRules } from '../../infra/local/iot-rules';
import { createConsoleStacks } from '../../infra/stacks/console-app';

type Resources = Record<string, { Properties: Record<string, any> }>;

describe('one definition of the device topics', () => {
  it("the triggers manifest's IoT rules are the device → cloud topics' rules, in the same order", () => {
    expect(triggersOf('iotRule').map((t) => [t.source.rule, t.source.topicFilter])).toEqual(
      DEVICE_TO_CLOUD_TOPICS.map((t) => [ruleOfTopic(t), topicFilterOf(t)]),
    );
  });
});

describe('Basic Ingest in the CDK template', () => {
  const app = new App();
  const stacks = createConsoleStacks(app, { stage: 'dev', groups: [] as RouteGroup[], bundle: false, webAssetPath: '/nonexistent/dist' });
  const t = Template.fromJSON(app.synth().getStackByName(stacks.iot.stackName).template);
  const rules = Object.values(t.findResources('AWS::IoT::TopicRule') as Resources).map((r) => r.Properties);
  const [policy] = Object.values(t.findResources('AWS::IoT::Policy') as Resources);
  const publish = JSON.stringify((policy!.Properties.PolicyDocument.Statement as Array<Record<string, any>>).find((s) => s.Action === 'iot:Publish')!.Resource);
  const thing = '${iot:Connection.Thing.ThingName}';

  it.each([...BASIC_INGEST_TOPICS])('%s: the policy allows its Basic Ingest topic to the rule that selects its named topic', (topic) => {
    const rule = rules.find((r) => r.TopicRulePayload.Sql.endsWith(`FROM '${topicFilterOf(topic)}'`))!;
    expect(rule.RuleName).toBe(`vend_dev_${ruleOfTopic(topic).replace('-', '_')}`);
    expect(publish).toContain(`:topic/$aws/rules/${rule.RuleName}/vend/${thing}/${topic}"`);
    expect(publish).toContain(`:topic/vend/${thing}/${topic}"`);
    // The rule sends to the queue its trigger reads: one path for both forms.
    expect(JSON.stringify(rule.TopicRulePayload.Actions)).toContain('Queue');
  });

  it('the command acknowledgement is named only (tools subscribe to it; Basic Ingest reaches no subscriber)', () => {
    expect(publish).toContain(`:topic/vend/${thing}/commands/ack"`);
    expect(publish.match(/\$aws\/rules\/[^/]+\/vend\/[^"]+\/commands\/ack/)).toBeNull();
  });
});

describe('Basic Ingest in the local broker', () => {
  let iot: LocalIot;
  const events: Array<{ rule: string; event: IotRuleEvent }> = [];
  const clients: MqttClient[] = [];

  const connect = async (clientId: string) => {
    const client = mqtt.connect(iot.mqttUrl, { protocolVersion: 4, clientId, reconnectPeriod: 0 });
    await new Promise<void>((resolve, reject) => {
      client.once('connect', () => resolve());
      client.once('error', reject);
    });
    clients.push(client);
    return client;
  };
  const waitForEvents = async (n: number) => {
    const started = Date.now();
    while (events.length < n && Date.now() - started < 5000) await new Promise((r) => setTimeout(r, 10));
    return events.splice(0, events.length);
  };

  beforeAll(async () => {
    // The manifest's rules, each recording what reaches it.
    iot = await startIot({
      rules: manifestIotRules().map((r) => ({ name: r.name, topicFilter: r.topicFilter, handler: async (event) => void events.push({ rule: r.name, event }) })),
    });
  });
  afterAll(async () => {
    for (const c of clients) c.end(true);
    await iot.stop();
  });

  it.each([...DEVICE_TO_CLOUD_TOPICS])(
    '%s: the device publish topic and the named topic reach the same rule only, which sees the named topic',
    async (topic) => {
      const serial = 'CENG-00000042';
      const device = await connect(serial);
      await device.publishAsync(devicePublishTopic(serial, topic), JSON.stringify({ messageId: `basic-${topic}`, serial }), { qos: 1 });
      await device.publishAsync(deviceTopic(serial, topic), JSON.stringify({ messageId: `named-${topic}`, serial }), { qos: 1 });
      const got = await waitForEvents(2);
      expect(got.map((e) => [e.rule, e.event.topic, e.event.messageId])).toEqual([
        [ruleOfTopic(topic), `vend/${serial}/${topic}`, `basic-${topic}`],
        [ruleOfTopic(topic), `vend/${serial}/${topic}`, `named-${topic}`],
      ]);
      expect(devicePublishTopic(serial, topic).startsWith('$aws/rules/')).toBe(BASIC_INGEST_TOPICS.has(topic));
    },
  );

  it("a machine publishing for another machine's serial is refused on the Basic Ingest form as on the named one", async () => {
    for (const topic of [devicePublishTopic('CENG-00000043', 'telemetry'), deviceTopic('CENG-00000043', 'telemetry')]) {
      const device = await connect('CENG-00000044');
      const closed = new Promise<void>((resolve) => device.once('close', () => resolve()));
      void device.publishAsync(topic, JSON.stringify({ messageId: 'stranger' }), { qos: 1 }).catch(() => undefined);
      await closed;
    }
    expect(await waitForEvents(0)).toEqual([]);
    expect(iot.stats().telemetry?.matched ?? 0).toBe(2);
  });

  it('nobody may subscribe to a Basic Ingest topic', async () => {
    const listener = await connect('listener-basic');
    // Refused in the SUBACK (return code 128), which the client reports as an error.
    await expect(listener.subscribeAsync('$aws/rules/telemetry/#', { qos: 1 })).rejects.toThrow(/Subscribe error/);
    expect((await listener.subscribeAsync('vend/CENG-00000042/commands/ack', { qos: 1 })).map((g) => g.qos)).toEqual([1]);
  });
});
