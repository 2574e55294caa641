/** What a historical data export works on: one attempt of one request. */
export interface HistoricalExportInput {
  merchantId: string;
  requestId: string;
  attempt: number;
}

/** Starts a workflow execution (StartExecution in AWS, the local runner in the embedded stack). */
export interface WorkflowStarter {
  start(workflow: 'historicalData', input: HistoricalExportInput, executionName: string): Promise<void>;
}
