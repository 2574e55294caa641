/** The rollout state machine's Task functions, apart from its construct so that the local runner reads them without aws-cdk-lib. */
import { triggerEntry, triggersOf } from '../../functions/triggers/manifest';
import type { WorkflowTask } from './historical-data-tasks';

type RolloutState = 'Step';

/** The rollout state machine's Task states by state name, from the triggers manifest. */
export const ROLLOUT_TASKS = Object.fromEntries(
  triggersOf('workflowTask')
    .filter((t) => t.source.workflow === 'rollout')
    .map((t) => [t.source.state, { name: t.name, entry: triggerEntry(t.name), description: t.description, access: t.access }]),
) as Record<RolloutState, WorkflowTask>;
