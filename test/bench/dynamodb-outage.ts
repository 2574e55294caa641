/**
 * Ingestion through a DynamoDB outage (issue 18): an embedded stack in this process, the DynamoDB process killed
 * (SIGKILL) and held down for `outageMs` before its supervisor starts it again; meanwhile demo machines publish
 * unique sales over MQTT with QoS 1, a round every `roundMs`. Then: are all the acknowledged sales stored, once
 * each, and how long after DynamoDB answered again; and what the API answered during the outage and after it. Used by the fault test (test/infra/dynamodb-outage.test.ts)
 * and the bench (section g).
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { MqttClient } from 'mqtt';
import * as keys from '../../functions/adapters/dynamodb/keys';
import { connectMqtt, saleTransaction, salesMessage } from '../../infra/local/simulator';
import { depsForStack } from '../../infra/local/stack-process';
import { startStack } from '../../infra/local/stack';
import { localSuperAdminAuthorization } from './measure';

const MERCHANT = 'acme-vending';
const SERIALS = ['CENG-00000001', 'CENG-00000002', 'CENG-00000003', 'CENG-00000004'];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface OutageOptions {
  /** How long DynamoDB stays down. */
  outageMs: number;
  /** Sales per machine per round. */
  salesPerRound?: number;
  roundMs?: number;
  /** How long after recovery the sales may take to be stored. */
  deadlineMs?: number;
}

export interface OutageOutcome {
  /** Sales the broker acknowledged while DynamoDB was down. */
  acknowledged: number;
  /** Distinct acknowledged sales stored. */
  stored: number;
  /** Sale items stored more than once. */
  duplicates: number;
  /** From the kill to DynamoDB answering again (the supervisor's restart included). */
  outageSeconds: number;
  /** From DynamoDB answering again to the last acknowledged sale stored (or to the deadline). */
  storedAfterRecoverySeconds: number;
  restarts: number;
  /** What GET /pos of the demo merchant answered during the outage, and once DynamoDB answered again. */
  apiStatus: { duringOutage: number; afterRecovery: number };
}

export async function runDynamoOutage(options: OutageOptions): Promise<OutageOutcome> {
  const { outageMs, salesPerRound = 5, roundMs = 250, deadlineMs = 60_000 } = options;
  const stack = await startStack();
  const { doc } = depsForStack(stack.info);
  let device: MqttClient | undefined;
  try {
    device = await connectMqtt(stack.info.mqtt, 'outage-test', { reconnectPeriod: 0 });
    const authorization = await localSuperAdminAuthorization(stack.info);
    const listStatus = async () => {
      const res = await fetch(`${stack.info.api}/pos?merchantId=${MERCHANT}&page=1&size=20`, { headers: { authorization } });
      await res.arrayBuffer();
      return res.status;
    };
    const dynamo = stack.emulators.dynamodb;
    const acknowledged: string[] = [];
    const killedAt = performance.now();
    dynamo.kill('SIGKILL', outageMs);
    const duringOutage = await listStatus();
    // Rounds until the restart (bounded, should the supervisor never restart it).
    for (let round = 0; dynamo.restarts === 0 && performance.now() - killedAt < outageMs + 30_000; round++) {
      const sales = SERIALS.flatMap((serial) =>
        Array.from({ length: salesPerRound }, (_, i) => salesMessage(serial, [saleTransaction({ id: `outage-${serial}-${round}-${i}` })])),
      );
      await Promise.all(sales.map((m) => device!.publishAsync(`vend/${m.serial}/sales`, JSON.stringify(m), { qos: 1 })));
      // Only what was acknowledged before the restart counts as published during the outage.
      if (dynamo.restarts === 0) acknowledged.push(...sales.map((m) => m.payload.transactions[0]!.id));
      await sleep(roundMs);
    }
    await dynamo.healthy();
    const recoveredAt = performance.now();
    const afterRecovery = await listStatus();

    const storedIds = async () => {
      const ids: string[] = [];
      for (const serial of SERIALS) {
        let start: Record<string, unknown> | undefined;
        do {
          const res = await doc.send(
            new QueryCommand({
              TableName: stack.info.tableName,
              ExclusiveStartKey: start,
              KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
              ExpressionAttributeValues: { ':pk': keys.posPk(MERCHANT, serial), ':p': keys.historyPrefix.sale },
            }),
          );
          ids.push(...(res.Items ?? []).map((item) => String(item.transactionId)).filter((id) => id.startsWith('outage-')));
          start = res.LastEvaluatedKey;
        } while (start);
      }
      return ids;
    };
    const wanted = new Set(acknowledged);
    let ids: string[] = [];
    while (performance.now() - recoveredAt < deadlineMs) {
      ids = await storedIds().catch(() => ids);
      if ([...wanted].every((id) => ids.includes(id))) break;
      await sleep(250);
    }
    const storedAt = performance.now();
    // A last look a moment later: a sale stored twice would show up now.
    await sleep(1_000);
    ids = await storedIds();
    return {
      acknowledged: acknowledged.length,
      stored: new Set(ids.filter((id) => wanted.has(id))).size,
      duplicates: ids.length - new Set(ids).size,
      outageSeconds: (recoveredAt - killedAt) / 1000,
      storedAfterRecoverySeconds: (storedAt - recoveredAt) / 1000,
      restarts: dynamo.restarts,
      apiStatus: { duringOutage, afterRecovery },
    };
  } finally {
    device?.end(true);
    doc.destroy();
    await stack.stop();
  }
}
