/**
 * Stopping the stack: Ctrl-C in a terminal sends SIGINT to the whole process group (the emulators' processes too),
 * and the stack stops in order (stops accepting, drains, then stops its emulators) without a restart, a warning or an
 * error line. Killed outright (SIGKILL), it leaves no emulator process behind.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;
const started: ChildProcess[] = [];

/** The run-stack.ts process as a group leader (as a terminal starts it), with every line it writes once ready. */
async function startStackGroup(): Promise<{ child: ChildProcess; lines: string[]; exited: Promise<number | null> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'infra/local/run-stack.ts'], {
    cwd: root,
    // Info and above: a warning or an error would show; the text format names its level.
    env: { ...process.env, LOG_LEVEL: 'info', LOG_FORMAT: 'text' },
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
  });
  started.push(child);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const lines: string[] = [];
  let ready = false;
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the stack exited with ${code} before it was ready:\n${lines.join('\n')}`)));
    createInterface({ input: child.stderr! }).on('line', (line) => lines.push(line));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (!ready && line.startsWith('STACK_READY ')) {
        ready = true;
        lines.length = 0;
        return resolve();
      }
      lines.push(line);
    });
  });
  return { child, lines, exited };
}

/** The processes below `pid` (its children, theirs…), from /proc. */
function descendants(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // "pid (comm) state ppid …": the command may hold spaces and parentheses, the fields after the last ')' do not.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // Gone meanwhile.
    }
  }
  const found: number[] = [];
  for (let frontier = [pid]; frontier.length;) {
    frontier = [...parents].filter(([, parent]) => frontier.includes(parent)).map(([child]) => child);
    found.push(...frontier);
  }
  return found;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  for (const deadline = Date.now() + timeoutMs; !condition(); await new Promise((resolve) => setTimeout(resolve, 50))) {
    if (Date.now() > deadline) return false;
  }
  return true;
}

afterEach(() => {
  for (const child of started.splice(0)) {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
});

describe('stopping the stack', () => {
  it('Ctrl-C (SIGINT to the process group) stops it in order, without a restart, a warning or an error, and leaves no process', async () => {
    const { child, lines, exited } = await startStackGroup();
    const emulators = descendants(child.pid!);
    // DynamoDB and s3rver run in processes of their own.
    expect(emulators.length).toBeGreaterThanOrEqual(2);

    process.kill(-child.pid!, 'SIGINT');
    expect(await exited).toBe(0);
    // Info lines may tell what stops; nothing at warning or error level, no restart, no stack trace.
    expect(lines.filter((line) => !/^\S+ INFO /.test(line))).toEqual([]);
    expect(await until(() => !emulators.some(alive), 5_000)).toBe(true);
  });

  it('killed outright (SIGKILL), the stack leaves no emulator process behind', async () => {
    const { child, exited } = await startStackGroup();
    const emulators = descendants(child.pid!);
    expect(emulators.length).toBeGreaterThanOrEqual(2);

    process.kill(child.pid!, 'SIGKILL');
    await exited;
    expect(await until(() => !emulators.some(alive), 5_000), `still running: ${emulators.filter(alive).join(', ')}`).toBe(true);
  });
});
