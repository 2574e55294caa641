import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LocalIot } from './emulators/iot';
import { triggerInvocations } from './invoke';

/**
 * The local stack's idle probe, for tests that show that nothing more happens (no second e-mail, no other stock
 * change) without sleeping: idle when no device message waits in a rule queue, no trigger runs (rules, sweeps, the
 * notification stream's sender, workflow tasks) and none ended within the notification stream's last poll (what a
 * trigger put in the outbox has been picked up). Served by a server of its own: `GET <url>` answers `{ "idle": bool }`.
 */
export async function startIdleProbe(iot: Pick<LocalIot, 'stats'>): Promise<{ url: string; stop(): Promise<void> }> {
  // The notification stream's poll interval (notification-stream.ts), with a margin for the poll's own query.
  const streamPollMs = Number(process.env.NOTIFICATION_POLL_INTERVAL_MS ?? 500) + 100;
  const idle = () => {
    const { running, lastEndedAt } = triggerInvocations();
    return running === 0 && Date.now() - lastEndedAt >= streamPollMs && Object.values(iot.stats()).every((rule) => rule.queued === 0);
  };
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ idle: idle() }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/idle`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Resolves once the stack at `probeUrl` (StackInfo.idle) is idle; rejects after `timeoutMs`. */
export async function stackIdle(probeUrl: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!((await (await fetch(probeUrl)).json()) as { idle: boolean }).idle) {
    if (Date.now() > deadline) throw new Error(`the stack was not idle within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
