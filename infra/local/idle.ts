import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LocalIot } from './emulators/iot';
import { triggerInvocations } from './invoke';

/**
 * The local stack's idle probe, for tests that show that nothing more happens (no second e-mail, no other stock
 * change) without sleeping: idle when no device message waits in a rule queue, no trigger runs (rules, sweeps, the
 * notification stream's sender, workflow tasks) and none ended within the notification stream's last poll (what a
 * trigger put in the outbox has been picked up). Served by a server of its own: `GET <url>` answers `{ "idle": bool }`.
 * The same server runs a scheduled trigger now for tests that would otherwise wait for its timer:
 * `POST <schedules><name>` answers `{ "outcome": … }` once that run ended (500 with the error if it failed).
 */
export async function startIdleProbe(
  iot: Pick<LocalIot, 'stats'>,
  runSchedule?: (name: string) => Promise<unknown>,
): Promise<{ url: string; schedules: string; stop(): Promise<void> }> {
  // The notification stream's poll interval (notification-stream.ts), with a margin for the poll's own query.
  const streamPollMs = Number(process.env.NOTIFICATION_POLL_INTERVAL_MS ?? 500) + 100;
  const idle = () => {
    const { running, lastEndedAt } = triggerInvocations();
    return running === 0 && Date.now() - lastEndedAt >= streamPollMs && Object.values(iot.stats()).every((rule) => rule.queued === 0);
  };
  const answer = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const server = createServer((req, res) => {
    const schedule = /^\/schedules\/([\w-]+)$/.exec(req.url ?? '')?.[1];
    if (req.method === 'POST' && schedule && runSchedule)
      runSchedule(schedule).then(
        (outcome) => answer(res, 200, { outcome: outcome ?? null }),
        (error: unknown) => answer(res, 500, { error: String(error) }),
      );
    else answer(res, 200, { idle: idle() });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${base}/idle`,
    schedules: `${base}/schedules/`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Runs the scheduled trigger `name` of the stack whose `schedulesUrl` is StackInfo.schedules now; resolves with its outcome once it ended. */
export async function runScheduleNow(schedulesUrl: string, name: string): Promise<unknown> {
  const res = await fetch(`${schedulesUrl}${name}`, { method: 'POST' });
  const body = (await res.json()) as { outcome?: unknown; error?: string };
  if (!res.ok) throw new Error(`the ${name} run failed: ${body.error}`);
  return body.outcome;
}

/** Resolves once the stack at `probeUrl` (StackInfo.idle) is idle; rejects after `timeoutMs`. */
export async function stackIdle(probeUrl: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!((await (await fetch(probeUrl)).json()) as { idle: boolean }).idle) {
    if (Date.now() > deadline) throw new Error(`the stack was not idle within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
