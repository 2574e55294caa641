/**
 * The local workflows as tests in another process see them (the stack runs in its own process):
 * `GET /idle` answers 204 once no execution runs; `GET /executions/{name}` answers how it ended, once it has
 * (404 for a name never started).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LocalWorkflows } from './workflows';

export async function serveLocalWorkflows(workflows: Pick<LocalWorkflows, 'idle' | 'outcome'>, port = 0): Promise<{ endpoint: string; stop(): Promise<void> }> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://local').pathname;
    const execution = /^\/executions\/([^/]+)$/.exec(path);
    const answer = req.method !== 'GET'
      ? Promise.resolve({ status: 405 })
      : path === '/idle'
        ? workflows.idle().then(() => ({ status: 204 }))
        : execution
          ? workflows.outcome(decodeURIComponent(execution[1]!)).then((outcome) => ({ status: 200, body: outcome }), () => ({ status: 404 }))
          : Promise.resolve({ status: 404 });
    void answer.then(({ status, body }: { status: number; body?: unknown }) => {
      res.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' });
      res.end(body === undefined ? undefined : JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Waits until the workflows of the stack at `endpoint` (StackInfo.workflows) run nothing. */
export async function workflowsIdle(endpoint: string): Promise<void> {
  const res = await fetch(`${endpoint}/idle`);
  if (res.status !== 204) throw new Error(`local workflows answered ${res.status} to /idle`);
}
