/** The historical-data state machine's Task functions, apart from its construct so that the local runner reads them without aws-cdk-lib. */

/** A Task state of a workflow: the Lambda it invokes (name part and entry, exporting `handler`). */
export interface WorkflowTask {
  name: string;
  entry: string;
  description: string;
}

/** The historical-data state machine's Task states by state name: CDK builds their functions, the local runner imports their entries. */
export const HISTORICAL_DATA_TASKS = {
  Export: {
    name: 'historical-export',
    entry: 'functions/triggers/historical-export.ts',
    description: 'Historical data workflow: streams one request’s rows as CSV to the exports bucket and marks it Completed',
  },
  RecordFailure: {
    name: 'historical-export-failure',
    entry: 'functions/triggers/historical-export-failure.ts',
    description: 'Historical data workflow: marks a request whose export failed as Error and removes any partial file',
  },
} as const satisfies Record<string, WorkflowTask>;
