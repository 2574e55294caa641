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

/** The workflows there are (one state machine each). */
export type WorkflowName = 'historicalData' | 'report';

/**
 * Starts a workflow: a Step Functions execution in AWS, the local runner in the embedded stack.
 * `executionName` is unique per attempt (`${requestId}-${attempt}`): a second start of the same name is a no-op.
 */
export interface WorkflowStarter {
  start(workflow: 'historicalData', input: HistoricalExportInput, executionName: string): Promise<void>;
}

/** Starts a report file's workflow (execution name `report-{fileId}`). */
export interface ReportStarter {
  start(workflow: 'report', input: ReportFileInput, executionName: string): Promise<void>;
}

/** What the composition gives: a starter of every workflow, which serves as either. */
export interface AnyWorkflowStarter {
  start(workflow: WorkflowName, input: HistoricalExportInput | ReportFileInput, executionName: string): Promise<void>;
}
