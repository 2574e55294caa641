import { stopWithParent } from './child-process';
import { startIdleProbe } from './idle';
import { startStack } from './stack';

/**
 * A throw-away embedded stack in its own process (tests start one per project, so each has its own
 * environment, as separate deployments do). Prints `STACK_READY <stack info JSON>` once serving (with its idle
 * probe and its schedule runner, infra/local/idle.ts); stops on SIGTERM/SIGINT or when the parent closes stdin. `DEMO_HISTORY=1` back-fills
 * the demo week as `npm start` does; `STACK_DATA_DIR` keeps the state in that folder instead (a later stack on it
 * continues where this one stopped); `STACK_MQTT_PORT` fixes the broker's port (a device can then wait for it to open).
 */
const webRoot = process.argv[2] || undefined;
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const stack = await startStack({
  webRoot,
  demoHistory: process.env.DEMO_HISTORY === '1',
  dataDir: process.env.STACK_DATA_DIR || undefined,
  ports: { mqtt: Number(process.env.STACK_MQTT_PORT) || undefined },
});
const idle = await startIdleProbe(stack.iot, stack.runSchedule);
// The stop handlers first: a parent may signal as soon as it reads the ready line.
stopWithParent(async () => {
  await idle.stop();
  await stack.stop();
});
process.stdout.write(`STACK_READY ${JSON.stringify({ ...stack.info, idle: idle.url, schedules: idle.schedules })}\n`);
