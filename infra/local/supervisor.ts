import { logger } from '../../functions/runtime/logger';

/** One run of an emulator's process, as its start function hands it over once the process is ready. */
export interface EmulatorRun {
  pid: number;
  /** Settles when the process ends, however it ends. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(): Promise<void>;
}

/** An emulator process kept running: restarted when it dies, on the same port and data (its start function's). */
export interface SupervisedEmulator {
  readonly name: string;
  /** The process running now (a restart changes it). */
  readonly pid: number;
  /** Restarts since the start. */
  readonly restarts: number;
  /**
   * Sends `signal` to the process running now, as a crash would; the supervisor restarts it after its backoff, or
   * after `restartAfterMs` when given (an outage of that length).
   */
  kill(signal?: NodeJS.Signals, restartAfterMs?: number): void;
  /** Resolves once the emulator answers its health probe (waiting through a restart); rejects after `timeoutMs`. */
  healthy(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

export interface SupervisionOptions {
  /** First delay before a restart; doubled after each restart whose process died again within `stableMs`. */
  initialDelayMs?: number;
  maxDelayMs?: number;
  /** A process that ran this long resets the backoff. */
  stableMs?: number;
  /** Consecutive quick deaths after which the supervisor stops restarting (a crash loop is not retried for ever). */
  maxQuickRestarts?: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Starts an emulator with `start` and restarts it with the same `start` whenever its process ends while the
 * stack runs, with a log line naming it, the exit code or signal and the restart count, after a backoff that
 * grows while it keeps dying. `probe` resolves when the emulator answers (and throws otherwise).
 */
export async function supervise(
  name: string,
  start: () => Promise<EmulatorRun>,
  probe: () => Promise<void>,
  options: SupervisionOptions = {},
): Promise<SupervisedEmulator> {
  const { initialDelayMs = 200, maxDelayMs = 10_000, stableMs = 30_000, maxQuickRestarts = 8 } = options;
  let run = await start();
  let restarts = 0;
  let quickDeaths = 0;
  let stopping = false;
  let restarting: Promise<void> | undefined;
  let outageMs: number | undefined;

  const watch = (current: EmulatorRun, startedAt: number) => {
    void current.exited.then(({ code, signal }) => {
      if (stopping) return;
      restarting = restartAfterExit(code, signal, Date.now() - startedAt).finally(() => (restarting = undefined));
    });
  };

  async function restartAfterExit(code: number | null, signal: NodeJS.Signals | null, ranMs: number): Promise<void> {
    quickDeaths = ranMs >= stableMs ? 0 : quickDeaths + 1;
    for (;;) {
      if (quickDeaths > maxQuickRestarts) {
        logger.error('emulator keeps dying: not restarted again', { emulator: name, exitCode: code, signal, restarts });
        return;
      }
      const delayMs = outageMs ?? Math.min(maxDelayMs, initialDelayMs * 2 ** Math.max(0, quickDeaths - 1));
      outageMs = undefined;
      logger.warn('emulator exited: restarting it', { emulator: name, pid: run.pid, exitCode: code, signal, restarts: restarts + 1, delayMs });
      await sleep(delayMs);
      if (stopping) return;
      try {
        run = await start();
        restarts += 1;
        logger.warn('emulator restarted', { emulator: name, pid: run.pid, restarts });
        watch(run, Date.now());
        return;
      } catch (error) {
        quickDeaths += 1;
        logger.error('emulator restart failed', { emulator: name, restarts, error });
      }
    }
  }

  watch(run, Date.now());

  return {
    name,
    get pid() {
      return run.pid;
    },
    get restarts() {
      return restarts;
    },
    kill(signal = 'SIGKILL', restartAfterMs?: number) {
      outageMs = restartAfterMs;
      process.kill(run.pid, signal);
    },
    async healthy(timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        try {
          await probe();
          return;
        } catch (error) {
          if (Date.now() > deadline) throw new Error(`${name} did not answer its health probe within ${timeoutMs} ms: ${String(error)}`);
          await sleep(50);
        }
      }
    },
    async stop() {
      stopping = true;
      await restarting;
      await run.stop();
    },
  };
}
