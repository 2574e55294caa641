/**
 * Nothing acknowledged is lost when DynamoDB goes down (issue 18): its process killed, unique sales published over
 * MQTT while it is down are all stored once its supervisor has started it again, none twice; the API answers again.
 */
import { describe, expect, it } from 'vitest';
import { runDynamoOutage } from '../bench/dynamodb-outage';

describe('a DynamoDB outage', () => {
  it('sales acknowledged while the DynamoDB process is dead are all stored after its restart, once each', { timeout: 180_000 }, async () => {
    const outcome = await runDynamoOutage({ outageMs: 3_000, deadlineMs: 60_000 });

    expect(outcome.restarts).toBe(1);
    expect(outcome.acknowledged).toBeGreaterThanOrEqual(100);
    expect(outcome.stored).toBe(outcome.acknowledged);
    expect(outcome.duplicates).toBe(0);
    expect(outcome.storedAfterRecoverySeconds).toBeLessThan(60);
    // The API fails cleanly while DynamoDB is dead and answers again once it is back, without a stack restart.
    expect(outcome.apiStatus).toEqual({ duringOutage: 500, afterRecovery: 200 });
  });
});
