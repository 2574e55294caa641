import { afterAll, describe, expect, it } from 'vitest';
import type { HistoricalExportInput } from '../../functions/core/shared/workflows';
import { workflowStarter } from '../../functions/runtime/workflows';
import { EXPORT_RETRY, historicalDataAsl } from '../../infra/constructs/historical-data-workflow';
import { startLocalWorkflows } from '../../infra/local/workflows';

class ExportBroke extends Error {
  override name = 'ExportBroke';
}

/** Task handlers that record each call (time, input) and fail their first `failures` calls. */
function scripted(failures: number) {
  const exports: { at: number; input: unknown }[] = [];
  const failuresRecorded: unknown[] = [];
  return {
    exports,
    failuresRecorded,
    taskHandlers: {
      Export: async (input: unknown) => {
        exports.push({ at: performance.now(), input });
        if (exports.length <= failures) throw new ExportBroke(`attempt ${exports.length} broke`);
        return { rows: 3, size: 42 };
      },
      RecordFailure: async (input: unknown) => {
        failuresRecorded.push(input);
        return { recorded: true };
      },
    },
  };
}

const asl = historicalDataAsl();
const input: HistoricalExportInput = { merchantId: 'acme-vending', requestId: 'r-1', attempt: 1 };
const gaps = (calls: { at: number }[]) => calls.slice(1).map((c, i) => (c.at - calls[i]!.at) / 1000);

describe('the historical-data state machine run locally (the ASL CDK synthesises)', () => {
  const flaky = scripted(2);
  const broken = scripted(Infinity);
  const flakyRunner = startLocalWorkflows({ historicalDataAsl: asl, taskHandlers: flaky.taskHandlers });
  const brokenRunner = startLocalWorkflows({ historicalDataAsl: asl, taskHandlers: broken.taskHandlers });
  afterAll(async () => {
    await flakyRunner.stop();
    await brokenRunner.stop();
  });
  // Both run side by side: each waits out the real backoff (2 s, then 4 s).
  const flakyDone = flakyRunner.start('historicalData', input, 'r-1-1').then(() => flakyRunner.outcome('r-1-1'));
  const brokenDone = brokenRunner.start('historicalData', input, 'r-1-1').then(() => brokenRunner.outcome('r-1-1'));

  it('retries an Export that fails twice, with backoff, and completes with its result', async () => {
    expect(await flakyDone).toEqual({ status: 'SUCCEEDED', output: { rows: 3, size: 42 } });
    expect(flaky.exports.map((c) => c.input)).toEqual([input, input, input]);
    const [first, second] = gaps(flaky.exports);
    expect(first).toBeGreaterThanOrEqual(EXPORT_RETRY.intervalSeconds * 0.95);
    expect(second).toBeGreaterThanOrEqual(EXPORT_RETRY.intervalSeconds * EXPORT_RETRY.backoffRate * 0.95);
    expect(second! / first!).toBeGreaterThan(1.5);
    expect(flaky.failuresRecorded).toEqual([]);
  }, 30_000);

  it('ends an Export that always fails in RecordFailure (input and error) then Fail, after 3 attempts', async () => {
    expect(await brokenDone).toEqual({ status: 'FAILED', error: 'ExportBroke', cause: 'attempt 3 broke' });
    expect(broken.exports).toHaveLength(EXPORT_RETRY.maxRetries + 1);
    expect(broken.failuresRecorded).toEqual([{ ...input, error: { Error: 'ExportBroke', Cause: 'attempt 3 broke' } }]);
  }, 30_000);
});

describe('the local runner as the workflow starter', () => {
  it('starts an execution name once however often it is started, and idle() waits for every execution', async () => {
    const calls = scripted(0);
    const runner = startLocalWorkflows({ historicalDataAsl: asl, taskHandlers: calls.taskHandlers, register: true });
    try {
      const starter = workflowStarter({ LOCAL_WORKFLOWS: '1' });
      await Promise.all([starter.start('historicalData', input, 'r-1-1'), starter.start('historicalData', input, 'r-1-1')]);
      await starter.start('historicalData', { ...input, attempt: 2 }, 'r-1-2');
      await runner.idle();
      expect(calls.exports.map((c) => c.input)).toEqual([input, { ...input, attempt: 2 }]);
      expect(await runner.outcome('r-1-2')).toEqual({ status: 'SUCCEEDED', output: { rows: 3, size: 42 } });
    } finally {
      await runner.stop();
    }
    await expect(workflowStarter({ LOCAL_WORKFLOWS: '1' }).start('historicalData', input, 'r-1-3')).rejects.toThrow(/no local workflow runner/);
  });

  it('refuses to start without a state machine ARN outside the local stack', () => {
    expect(() => workflowStarter({})).toThrow(/HISTORICAL_DATA_STATE_MACHINE_ARN/);
  });
});
