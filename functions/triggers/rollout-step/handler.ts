/**
 * Task `Step` of the rollout state machine: one look at a rule's rollout (core/rollouts/rollout-run.ts); the state
 * machine waits `waitSeconds` and calls it again until `done`. A thrown error is retried by the Task.
 */
import { stepRollout, type RolloutRunDeps, type RolloutStepInput, type RolloutStepOutput } from '../../core/rollouts/rollout-run';
import { logger } from '../../runtime/logger';
import { trigger } from '../trigger';
import { deps as rolloutStepDeps } from './deps';

export const rolloutStepHandler = (deps: () => RolloutRunDeps = rolloutStepDeps) =>
  trigger(async (input: RolloutStepInput): Promise<RolloutStepOutput> => {
    const output = await stepRollout(deps(), { kind: input.kind, merchantId: input.merchantId, ruleId: input.ruleId });
    logger.debug('rollout step', { ...output });
    return output;
  });

export const handler = rolloutStepHandler();
