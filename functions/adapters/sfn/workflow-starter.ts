import { ExecutionAlreadyExists, SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import type { AnyWorkflowStarter, WorkflowName } from '../../core/shared/workflows';

/** Step Functions StartExecution on each workflow's state machine (their ARNs from the environment CDK sets). */
export class SfnWorkflowStarter implements AnyWorkflowStarter {
  private readonly client: SFNClient;

  constructor(
    private readonly stateMachines: Record<WorkflowName, string>,
    opts: { region: string },
  ) {
    this.client = new SFNClient({ region: opts.region });
  }

  async start(workflow: WorkflowName, input: object, executionName: string): Promise<void> {
    if (!this.stateMachines[workflow]) throw new Error(`no state machine ARN for the ${workflow} workflow in this function's environment`);
    try {
      await this.client.send(new StartExecutionCommand({ stateMachineArn: this.stateMachines[workflow], name: executionName, input: JSON.stringify(input) }));
    } catch (error) {
      // The same name again: this attempt is already running or ran (a double start is harmless).
      if (error instanceof ExecutionAlreadyExists) return;
      throw error;
    }
  }
}
