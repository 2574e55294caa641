import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * Index of the first item whose condition failed in a cancelled transaction, or -1 when the error is
 * something else. Lets a repository tell which guard (unique name, existence) stopped it.
 */
export function failedConditionIndex(error: unknown): number {
  if (!isTransactionCancelled(error)) return -1;
  const reasons = (error as TransactionCanceledException).CancellationReasons ?? [];
  return reasons.findIndex((r) => r.Code === 'ConditionalCheckFailed');
}

/** A transaction cancelled for any reason (a failed condition, a conflict with another transaction). */
export function isTransactionCancelled(error: unknown): boolean {
  return error instanceof TransactionCanceledException || (error as { name?: string })?.name === 'TransactionCanceledException';
}

export function isConditionFailure(error: unknown): boolean {
  return (error as { name?: string })?.name === 'ConditionalCheckFailedException';
}

export type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];

/**
 * One transaction of the items given (undefined ones left out). A failed condition throws the error given at
 * that item's position in `errors`, or `otherwise()` when it has none.
 */
export async function transactWrite(
  doc: DynamoDBDocumentClient,
  items: Array<TransactItem | undefined>,
  errors: Array<(() => Error) | undefined>,
  otherwise: () => Error,
): Promise<void> {
  const list: TransactItem[] = [];
  const onFail: Array<(() => Error) | undefined> = [];
  items.forEach((item, i) => {
    if (item) {
      list.push(item);
      onFail.push(errors[i]);
    }
  });
  try {
    await doc.send(new TransactWriteCommand({ TransactItems: list }));
  } catch (error) {
    const failed = failedConditionIndex(error);
    if (failed >= 0) throw (onFail[failed] ?? otherwise)();
    throw error;
  }
}

/** One transaction of `items`; 'conflict' when it is cancelled (a condition failed or another write got there first). */
export async function transactOrConflict(doc: DynamoDBDocumentClient, items: TransactItem[]): Promise<'ok' | 'conflict'> {
  try {
    await doc.send(new TransactWriteCommand({ TransactItems: items }));
    return 'ok';
  } catch (error) {
    if (isTransactionCancelled(error)) return 'conflict';
    throw error;
  }
}
