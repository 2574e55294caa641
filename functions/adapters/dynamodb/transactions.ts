import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';

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
