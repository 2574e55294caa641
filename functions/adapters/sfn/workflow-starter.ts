import { ExecutionAlreadyExists, SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import type { WorkflowName, WorkflowStarter } from '../../core/shared/workflows';

/** Step Functions StartExecution on each workflow's state machine (their ARNs from the environment CDK sets). */
export class SfnWorkflowStarter implements WorkflowStarter {
  private readonly client: SFNClient;

  constructor(
    private readonly stateMachines: Partial<Record<WorkflowName, string>>,
    opts: { region: string },
  ) {
    this.client = new SFNClient({ region: opts.region });
  }

  async start(workflow: WorkflowName, input: object, executionName: string): Promise<void> {
    const stateMachineArn = this.stateMachines[workflow];
    if (!stateMachineArn) throw new Error(`this function may not start the ${workflow} workflow`);
    try {
      await this.client.send(new StartExecutionCommand({ stateMachineArn, name: executionName, input: JSON.stringify(input) }));
    } catch (error) {
      // The same name again: this attempt is already running or ran (a double start is harmless).
      if (error instanceof ExecutionAlreadyExists) return;
      throw error;
    }
  }
}
