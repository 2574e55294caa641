import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { noteTableWrite } from '../../core/audit/change-recorder';

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
  // `readOnly`: a write fails before it is sent. Otherwise a write that landed is noted for the mutating call that made
  // it, so that its audit entry can tell a change whose before → after nobody recorded.
  doc.middlewareStack.add(
    (next, context) => async (args) => {
      const write = !READ_COMMANDS.has(context.commandName ?? '');
      if (write && opts.readOnly) throw new Error(`${context.commandName} refused: this function may only read the table`);
      const result = await next(args);
      if (write) noteTableWrite();
      return result;
    },
    { step: 'initialize', name: 'tableAccess' },
  );
  return doc;
}
