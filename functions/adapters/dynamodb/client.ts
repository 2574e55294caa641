import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { aroundTableWrite } from '../../core/audit/change-recorder';

/** The calls a read-only function makes: what its table read grant allows. */
const READ_COMMANDS = new Set(['GetItemCommand', 'BatchGetItemCommand', 'QueryCommand', 'TransactGetItemsCommand', 'DescribeTableCommand']);

/**
 * One document client per process (module scope, reused across invocations). `readOnly`: any other call
 * fails before it is sent, as IAM would refuse it in AWS.
 */
export function createDocumentClient(opts: { region: string; endpoint?: string; readOnly?: boolean }): DynamoDBDocumentClient {
  const client = new DynamoDBClient({
    region: opts.region,
    ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
    maxAttempts: 3,
  });
  const doc = DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
  // `readOnly`: a write fails before it is sent. Otherwise a write of a mutating call carries the call's audit intent
  // (its first write), and one that landed is noted, so that its audit entry can tell a change whose before → after
  // nobody recorded (core/audit/change-recorder.ts aroundTableWrite).
  doc.middlewareStack.add(
    (next, context) => async (args) => {
      const command = context.commandName ?? '';
      if (READ_COMMANDS.has(command)) return next(args);
      if (opts.readOnly) throw new Error(`${command} refused: this function may only read the table`);
      return aroundTableWrite(command, args.input as Record<string, unknown>, (input) => next({ ...args, input }));
    },
    { step: 'initialize', name: 'tableAccess' },
  );
  return doc;
}
