/** The historical-data state machine's Task functions, apart from its construct so that the local runner reads them without aws-cdk-lib. */
import type { FunctionAccess } from '../../functions/runtime/access';
import { triggerEntry, triggersOf } from '../../functions/triggers/manifest';

/** A Task state of a workflow: the Lambda it invokes (name part and entry, exporting `handler`), and what it reaches. */
export interface WorkflowTask {
  name: string;
  entry: string;
  description: string;
  access: FunctionAccess;
}

type HistoricalDataState = 'Export' | 'RecordFailure';

/**
 * The historical-data state machine's Task states by state name, from the triggers manifest: CDK builds their
 * functions, the local runner imports their entries.
 */
export const HISTORICAL_DATA_TASKS = Object.fromEntries(
  triggersOf('workflowTask')
    .filter((t) => t.source.workflow === 'historicalData')
    .map((t) => [t.source.state, { name: t.name, entry: triggerEntry(t.name), description: t.description, access: t.access }]),
) as Record<HistoricalDataState, WorkflowTask>;

type ReportState = 'ReportFile' | 'RecordReportFailure';

/** The report state machine's Task states by state name, from the triggers manifest (as HISTORICAL_DATA_TASKS). */
export const REPORT_TASKS = Object.fromEntries(
  triggersOf('workflowTask')
    .filter((t) => t.source.workflow === 'report')
    .map((t) => [t.source.state, { name: t.name, entry: triggerEntry(t.name), description: t.description, access: t.access }]),
) as Record<ReportState, WorkflowTask>;
