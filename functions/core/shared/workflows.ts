/** What the historical-data workflow gets: one attempt of one request. */
export interface HistoricalExportInput {
  merchantId: string;
  requestId: string;
  attempt: number;
}

/** The workflows there are (one state machine each). */
export type WorkflowName = 'historicalData';

/**
 * Starts a workflow: a Step Functions execution in AWS, the local runner in the embedded stack.
 * `executionName` is unique per attempt (`${requestId}-${attempt}`): a second start of the same name is a no-op.
 */
export interface WorkflowStarter {
  start(workflow: 'historicalData', input: HistoricalExportInput, executionName: string): Promise<void>;
}
