/** What the historical-data workflow gets: one attempt of one request. */
export interface HistoricalExportInput {
  merchantId: string;
  requestId: string;
  attempt: number;
}

/** What the report workflow gets: one report file to make. */
export interface ReportFileInput {
  merchantId: string;
  fileId: string;
}

/** What the rollout workflow gets: the rule whose rollout it drives (core/rollouts/rollout-run.ts). */
export interface RolloutInput {
  kind: string;
  merchantId: string;
  ruleId: string;
}

/** The workflows there are (one state machine each) and the input of each. */
export interface WorkflowInputs {
  historicalData: HistoricalExportInput;
  report: ReportFileInput;
  rollout: RolloutInput;
}
export type WorkflowName = keyof WorkflowInputs;

/**
 * Starts a workflow: a Step Functions execution in AWS, the local runner in the embedded stack.
 * `executionName` is unique per run (an export's `${requestId}-${attempt}`, a report file's `report-{fileId}`, a
 * rollout's rule id): a second start of the same name is a no-op.
 */
export interface WorkflowStarter {
  start<W extends WorkflowName>(workflow: W, input: WorkflowInputs[W], executionName: string): Promise<void>;
}
