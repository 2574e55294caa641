/**
 * The demo's configurations (issue 32 items 4–5): Acme's two visual programmer configurations with their versions, the
 * first sent to two machines of Milano, which the simulator plays running it (it reports vp.id and vp.version with its
 * configuration), and a screen configuration. Written through the use cases once; what a user changed since is kept.
 */
import type { ScreenConfigurationInput } from '#schemas/screen-configuration';
import type { VpConfigContent } from '#schemas/vp-configuration';
import { DynamoScreenConfigurationRepository } from '../../functions/adapters/dynamodb/screen-configuration-repository';
import { DynamoVpConfigurationRepository } from '../../functions/adapters/dynamodb/vp-configuration-repository';
import { DuplicateScreenConfigurationNameException } from '../../functions/core/screen-configurations/errors';
import { createScreenConfiguration } from '../../functions/core/screen-configurations/use-cases';
import type { Principal } from '../../functions/core/shared/principal';
import { timeOrderedId } from '../../functions/core/shared/time-ordered-id';
import { machineValues } from '../../functions/core/vp-configurations/content';
import { DuplicateVpConfigNameException } from '../../functions/core/vp-configurations/errors';
import { createVpConfiguration, updateVpConfiguration } from '../../functions/core/vp-configurations/use-cases';
import { DEMO_MACHINES } from './demo-data';
import type { LocalRepositories } from './repositories';

const MERCHANT = 'acme-vending';
const base: VpConfigContent = {
  display: { language: 'it', brightness: 70 },
  telemetry: { pingSeconds: 5 },
  audit: { scheduledHours: 6 },
  parameters: { 'coffee.sugarDefault': '2', 'coffee.cupSize': 'medium' },
};

/** Each configuration's versions, oldest first; `sentTo` machines run its last version. */
export const DEMO_VP_CONFIGURATIONS: ReadonlyArray<{ id: string; name: string; versions: VpConfigContent[]; sentTo: readonly string[] }> = [
  {
    id: 'demo-vp-espresso-bar',
    name: 'Espresso bar',
    versions: [
      base,
      { ...base, display: { language: 'it', brightness: 85 } },
      { ...base, display: { language: 'it', brightness: 85 }, parameters: { ...base.parameters, 'coffee.sugarDefault': '1', 'coffee.milkTemperature': '65' } },
    ],
    sentTo: ['CENG-00000001', 'CENG-00000002'],
  },
  {
    id: 'demo-vp-office-snacks',
    name: 'Office snacks',
    versions: [
      { ...base, display: { language: 'en', brightness: 60 }, parameters: { 'spiral.rotations': '1' } },
      {
        ...base,
        display: { language: 'en', brightness: 60 },
        audit: { scheduledHours: 12 },
        parameters: { 'spiral.rotations': '1', 'door.alarmSeconds': '30' },
      },
    ],
    sentTo: [],
  },
];

export const DEMO_SCREEN_CONFIGURATION: { id: string; input: ScreenConfigurationInput } = {
  id: 'demo-screen-welcome',
  input: {
    name: 'Benvenuto',
    orientation: 'portrait',
    theme: 'dark',
    idleSeconds: 60,
    welcomeText: 'Buongiorno! Tocca lo schermo per scegliere.',
    slides: [
      { title: 'Espresso', durationSeconds: 8 },
      { title: 'Cappuccino', durationSeconds: 8 },
    ],
  },
};

const seeder: Principal = { userId: 'demo-seed', email: 'seed@demo.local', role: 'NEBULARSUPERADMIN', merchantIds: [], groupIds: [], allMerchants: true };

/** The configuration a demo machine was sent and runs (the values the simulator starts with), if any. */
export function demoMachineConfig(serial: string): Record<string, string> | undefined {
  const sent = DEMO_VP_CONFIGURATIONS.find((c) => c.sentTo.includes(serial));
  return sent && machineValues(sent.id, sent.versions.length, sent.versions.at(-1)!);
}

export async function seedDemoConfigurations(deps: LocalRepositories): Promise<void> {
  const vpConfigurations = new DynamoVpConfigurationRepository(deps.doc, deps.config.tableName);
  for (const c of DEMO_VP_CONFIGURATIONS) {
    if (await vpConfigurations.get(MERCHANT, c.id)) continue;
    const vpDeps = { vpConfigurations, now: deps.now, newId: () => c.id };
    try {
      await createVpConfiguration(vpDeps, seeder, MERCHANT, { name: c.name, deviceType: 'CENG', content: c.versions[0]! });
    } catch (error) {
      // A user took the name meanwhile (a persistent .local/): theirs stays.
      if (error instanceof DuplicateVpConfigNameException) continue;
      throw error;
    }
    for (const content of c.versions.slice(1)) await updateVpConfiguration(vpDeps, seeder, MERCHANT, c.id, { name: c.name, deviceType: 'CENG', content });
    for (const serial of c.sentTo) {
      const machine = DEMO_MACHINES.find((m) => m.serial === serial)!;
      const sentAt = deps.now();
      await vpConfigurations.recordSend(MERCHANT, {
        configurationId: c.id,
        serial,
        posName: machine.name,
        groupId: machine.groupId,
        sentVersion: c.versions.length,
        sentAt,
        sentBy: 'merchant.admin@demo.local',
        commandId: timeOrderedId(sentAt),
      });
    }
  }
  const screens = new DynamoScreenConfigurationRepository(deps.doc, deps.config.tableName);
  const { id, input } = DEMO_SCREEN_CONFIGURATION;
  if (await screens.get(MERCHANT, id)) return;
  try {
    await createScreenConfiguration({ screenConfigurations: screens, merchants: deps.merchants, now: deps.now, newId: () => id }, seeder, MERCHANT, input);
  } catch (error) {
    if (!(error instanceof DuplicateScreenConfigurationNameException)) throw error;
  }
}
