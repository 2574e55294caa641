import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { EmulatorRun } from './supervisor';

const root = new URL('../..', import.meta.url).pathname;

/**
 * Runs a TypeScript entry of this repository in a child process and resolves with what it prints after
 * `<marker> ` once ready, with its pid and its exit. The child stops on SIGTERM or when this process goes away
 * (its stdin closes). `env` adds to this process's environment for the child only. With `output`, every other
 * line the child writes (stdout and stderr) goes there instead of to this process's stderr. `crash` kills it with
 * SIGKILL (no clean stop: what a power cut or the OOM killer does).
 */
export function spawnReady(
  entry: string,
  args: string[],
  marker: string,
  timeoutMs = 120_000,
  env: Record<string, string> = {},
  output?: (line: string) => void,
): Promise<{ ready: string; crash(): Promise<void> } & EmulatorRun> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent', ...env },
    stdio: ['pipe', 'pipe', output ? 'pipe' : 'inherit'],
  });
  if (output) createInterface({ input: child.stderr! }).on('line', output);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const signal = (name: NodeJS.Signals) => async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
    await exited;
  };
  const stop = signal('SIGTERM');
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${entry} did not start in time`));
    }, timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${entry} exited with code ${code} before it was ready`));
    });
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (!line.startsWith(`${marker} `)) return output?.(line);
      clearTimeout(timer);
      resolve({ ready: line.slice(marker.length + 1), pid: child.pid!, exited, stop, crash: signal('SIGKILL') });
    });
  });
}

/**
 * In a child started by spawnReady: stop cleanly on SIGTERM/SIGINT or when the parent goes away (its stdin closes:
 * also when the parent is killed with SIGKILL). An emulator the stack stops itself (`parentStops`) ignores SIGINT:
 * Ctrl-C in a terminal reaches the whole process group, and the stack must stop accepting and drain before its
 * emulators go.
 */
export function stopWithParent(stop: () => Promise<void>, { parentStops = false } = {}): void {
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    await stop();
    process.exit(0);
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', parentStops ? () => undefined : shutdown);
  process.stdin.on('end', shutdown);
  process.stdin.on('error', shutdown);
  process.stdin.resume();
}
