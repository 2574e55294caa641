import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { issueDemoApiToken } from './demo-api-tokens';
import { runningPrices } from './demo-prices';
import { startPaymentService } from './simulated-payment-service';
import { startFleet } from './simulator';
import { depsForStack } from './stack-process';
import { startStack } from './stack';

/** `npm start`: builds the SPA when needed, starts the embedded stack with persistent state, prints logins. */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
// Compact log lines for a terminal; LOG_FORMAT=json prints them as the functions do in AWS.
process.env.LOG_FORMAT ??= 'text';
const root = new URL('../..', import.meta.url).pathname;
const webRoot = join(root, 'frontend/dist');
const port = (name: string) => (process.env[name] ? Number(process.env[name]) : undefined);

if (process.env.SKIP_WEB_BUILD !== '1' || !existsSync(join(webRoot, 'index.html'))) {
  const build = spawnSync(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', join(root, 'frontend/vite.config.ts'), '--logLevel', 'warn'],
    { stdio: 'inherit', cwd: root },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const stack = await startStack({
  dataDir: join(root, '.local'),
  webRoot,
  ports: {
    web: port('WEB_PORT') ?? 3000,
    dynamodb: port('DYNAMODB_PORT') ?? 8000,
    s3: port('S3_PORT') ?? 4569,
    mqtt: port('MQTT_PORT') ?? 1883,
    iot: port('IOT_PORT') ?? 8443,
    cognito: port('COGNITO_PORT') ?? 9229,
  },
  demoHistory: true,
});

// A small fleet plays the demo machines (SIMULATED_DEVICES=0 turns it off), each with the prices it runs; the
// planogram machines sell from their lines.
const { DEMO_MACHINES, DEMO_MERCHANTS, DEMO_PLANOGRAMS, SILENT_SERIALS, SIMULATED_SERIALS } = await import('./demo-data');
const { simulatedPlanograms } = await import('./simulated-stock');
const { DEMO_FAILING_FIRMWARE } = await import('./demo-rollouts');
const simulated = SIMULATED_SERIALS.slice(0, Number(process.env.SIMULATED_DEVICES ?? 20));
const running = simulated.length && process.env.SIMULATED_DEVICES !== '0' ? await machinePrices(simulated) : new Map();
const fleet =
  process.env.SIMULATED_DEVICES === '0'
    ? undefined
    : await startFleet({
        mqttUrl: stack.info.mqtt,
        serials: simulated,
        planograms: simulatedPlanograms(DEMO_PLANOGRAMS, DEMO_MACHINES),
        initialPrices: (serial) => running.get(serial) ?? [],
        merchantOf: (serial) => DEMO_MACHINES.find((m) => m.serial === serial)?.merchantId,
        silent: SILENT_SERIALS,
        initialConfig: (await import('./demo-configurations')).demoMachineConfig,
        failFirmware: DEMO_FAILING_FIRMWARE,
        currencyOf: (serial) => DEMO_MERCHANTS.find((d) => d.id === DEMO_MACHINES.find((m) => m.serial === serial)?.merchantId)?.input.currency,
      });

// A firmware rollout running on the simulated CENG machines (demo-rollouts.ts), resumed where it was at each start.
if (fleet) {
  const [{ startDemoRollout }, { workflowStarter }] = await Promise.all([import('./demo-rollouts'), import('../../functions/runtime/workflows')]);
  const deps = depsForStack(stack.info);
  // The stack's runner, registered in this process (LOCAL_WORKFLOWS).
  await startDemoRollout(deps, workflowStarter(process.env, ['rollout'])).finally(() => deps.doc.destroy());
}

// The payment service calls back with a few web payment orders an hour for Acme's customers (off with the simulator).
const payments =
  process.env.SIMULATED_DEVICES === '0'
    ? undefined
    : startPaymentService({
        api: stack.info.api,
        merchantId: 'acme-vending',
        apiToken: await merchantApiToken('acme-vending'),
        onError: (error) => console.warn(String(error)),
      });

async function merchantApiToken(merchantId: string) {
  const deps = depsForStack(stack.info);
  try {
    return await issueDemoApiToken(deps, merchantId);
  } finally {
    deps.doc.destroy();
  }
}

async function machinePrices(serials: readonly string[]) {
  const deps = depsForStack(stack.info);
  try {
    return await runningPrices(deps, serials);
  } finally {
    deps.doc.destroy();
  }
}

const { info } = stack;
process.stdout.write(
  [
    '',
    `Console:   ${info.web}`,
    `API:       ${info.api}`,
    `MQTT:      ${info.mqtt}   (IoT data plane: ${info.iotData})`,
    `Devices:   ${fleet ? `${fleet.devices.length} simulated machines publishing (more: tsx infra/local/simulator.ts --devices N --register <merchantId>)` : 'simulator off'}`,
    `Demo data: seeded in ${(stack.seed.ms / 1000).toFixed(1)} s${stack.seed.history?.skipped === false ? ` (a week of history: ${stack.seed.history.messages} device messages, ${stack.seed.history.commands} remote commands)` : ' (the week of history was back-filled on an earlier start)'}`,
    `Endpoints and logins: .local/stack.json`,
    '',
    'Demo logins:',
    ...info.users.map((u) => `  ${u.role.padEnd(22)} ${u.email.padEnd(28)} ${u.password}`),
    '',
    'Ctrl-C stops everything.',
    '',
  ].join('\n'),
);

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  payments?.stop();
  await fleet?.stop();
  await stack.stop();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
