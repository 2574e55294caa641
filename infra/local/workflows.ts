/**
 * The local counterpart of the CDK workflows: the historical-data, report and rollout ASL exactly as CDK synthesises
 * them (historicalDataAsl, reportAsl, rolloutAsl, which the caller passes in: this module does not load aws-cdk-lib), run by
 * aws-local-stepfunctions in the stack process, each Task state invoking its Lambda entry's `handler` (the same
 * module CDK bundles) as the other local triggers do.
 */
import { isAbsolute, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';
import { StateMachine, type RunOptions, type StateMachineDefinition } from 'aws-local-stepfunctions';
import type { WorkflowName, WorkflowStarter } from '../../functions/core/shared/workflows';
import { logger } from '../../functions/runtime/logger';
import { registerLocalWorkflows } from '../../functions/runtime/workflows';
import { HISTORICAL_DATA_TASKS, REPORT_TASKS, type WorkflowTask } from '../constructs/historical-data-tasks';
import { ROLLOUT_TASKS } from '../constructs/rollout-tasks';
import { invokeLocally } from './invoke';

// aws-local-stepfunctions 3 calls Promise.withResolvers, which Node 22 has and Node 20 lacks.
const promises = Promise as PromiseConstructor & { withResolvers?: unknown };
promises.withResolvers ??= function withResolvers<T>() {
  let resolve!: (value: T | PromiseLike<T>) => void;
  let reject!: (reason?: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

const root = new URL('../..', import.meta.url).pathname;

/** How an execution ended: its output, or the error and cause it failed with (a Fail state's, or an uncaught one). */
export type ExecutionOutcome = { status: 'SUCCEEDED'; output: unknown } | { status: 'FAILED'; error: string; cause: string } | { status: 'ABORTED' };

type TaskHandler = (input: unknown) => Promise<unknown>;
/** What a Lambda handler returns is JSON, as Lambda serialises it. */
type LocalHandlers = NonNullable<NonNullable<RunOptions['overrides']>['taskResourceLocalHandlers']>;

export interface LocalWorkflowOptions {
  /**
   * The historical-data ASL as historicalDataAsl() synthesises it (infra/constructs/historical-data-workflow.ts),
   * possibly in another process: the bench's exporting process gets it from its parent, without aws-cdk-lib.
   */
  historicalDataAsl: Record<string, unknown>;
  /** The report ASL as reportAsl() synthesises it (infra/constructs/report-workflow.ts); without it reports are not started. */
  reportAsl?: Record<string, unknown>;
  /** The rollout ASL as rolloutAsl() synthesises it (infra/constructs/rollout-workflow.ts); without it no rollout runs. */
  rolloutAsl?: Record<string, unknown>;
  /** Task handlers by state name in place of their entries' (tests inject failures this way; the stack never does). */
  taskHandlers?: Partial<Record<keyof typeof HISTORICAL_DATA_TASKS, TaskHandler>>;
}

export interface LocalWorkflows extends WorkflowStarter {
  /** How the execution of that name ended, once it has (rejects for a name never started). */
  outcome(executionName: string): Promise<ExecutionOutcome>;
  /** Resolves when no execution is running, including those started while waiting. */
  idle(): Promise<void>;
  /** Aborts what still runs; starts are refused afterwards. */
  stop(): Promise<void>;
}

/**
 * The Task state → handler map: each Task's Lambda entry, imported on its first run and invoked with a Lambda-like context.
 * `background`: the tasks of a workflow that polls for as long as its subject lasts (a rollout watches its machines
 * for hours), which the idle probe does not wait for (invoke.ts).
 */
function entryHandlers(tasks: Record<string, WorkflowTask>, background = false): Record<string, TaskHandler> {
  return Object.fromEntries(
    Object.entries(tasks).map(([state, task]) => {
      let handler: Promise<(event: unknown, context: Context) => Promise<unknown>> | undefined;
      const path = isAbsolute(task.entry) ? task.entry : join(root, task.entry);
      return [
        state,
        async (input: unknown) => {
          handler ??= import(pathToFileURL(path).href).then((m: { handler: (event: unknown, context: Context) => Promise<unknown> }) => m.handler);
          return invokeLocally(`vend-local-${task.name}`, await handler, input, undefined, { background });
        },
      ];
    }),
  );
}

/** Runs the workflows in this process; `register` makes it the starter the functions' composition picks (LOCAL_WORKFLOWS). */
export function startLocalWorkflows(opts: LocalWorkflowOptions & { register?: boolean }): LocalWorkflows {
  const machines: Partial<Record<WorkflowName, { machine: StateMachine; handlers: Record<string, TaskHandler> }>> = {
    historicalData: {
      // The placeholder ARNs are valid ARNs, but never called: every Task state has its local handler.
      machine: new StateMachine(opts.historicalDataAsl as unknown as StateMachineDefinition),
      handlers: { ...entryHandlers(HISTORICAL_DATA_TASKS), ...opts.taskHandlers },
    },
    ...(opts.reportAsl
      ? { report: { machine: new StateMachine(opts.reportAsl as unknown as StateMachineDefinition), handlers: entryHandlers(REPORT_TASKS) } }
      : {}),
  };
  if (opts.rolloutAsl)
    machines.rollout = { machine: new StateMachine(opts.rolloutAsl as unknown as StateMachineDefinition), handlers: entryHandlers(ROLLOUT_TASKS, true) };
  const executions = new Map<string, Promise<ExecutionOutcome>>();
  const running = new Map<string, { abort: () => void; settled: Promise<unknown> }>();
  let stopped = false;

  const workflows: LocalWorkflows = {
    async start(workflow, input, executionName) {
      if (stopped) throw new Error('the local workflows are stopped');
      // Step Functions keeps execution names (per state machine): a second start of the same name starts nothing.
      // A rollout is named after its rule; the other workflows' names are unique across them (outcome() takes them).
      const key = workflow === 'rollout' ? `${workflow}:${executionName}` : executionName;
      if (executions.has(key)) return;
      const found = machines[workflow];
      if (!found) throw new Error(`the local ${workflow} workflow is not running`);
      const { machine, handlers } = found;
      const execution = machine.run({ ...input }, { overrides: { taskResourceLocalHandlers: handlers as LocalHandlers }, noThrowOnAbort: true });
      const outcome: Promise<ExecutionOutcome> = execution.result.then(
        (output): ExecutionOutcome => (output === null && stopped ? { status: 'ABORTED' } : { status: 'SUCCEEDED', output }),
        (error: unknown): ExecutionOutcome => {
          const failure = error instanceof Error && error.cause instanceof Error ? error.cause : error instanceof Error ? error : new Error(String(error));
          logger.error('workflow execution failed', { workflow, executionName, error: failure.name, cause: failure.message });
          return { status: 'FAILED', error: failure.name, cause: failure.message };
        },
      );
      executions.set(key, outcome);
      const settled = outcome.finally(() => running.delete(key));
      running.set(key, { abort: execution.abort, settled });
    },
    outcome(executionName) {
      return executions.get(executionName) ?? Promise.reject(new Error(`no execution named ${executionName}`));
    },
    async idle() {
      while (running.size > 0) await Promise.all([...running.values()].map((r) => r.settled));
    },
    async stop() {
      stopped = true;
      if (opts.register) registerLocalWorkflows(undefined);
      for (const r of running.values()) r.abort();
      await workflows.idle();
    },
  };
  if (opts.register) registerLocalWorkflows(workflows);
  return workflows;
}
