import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { User } from '../../core/users/user';
import * as keys from './keys';
import { stripKeys } from './keys';

/**
 * One user's record by id: what authorization reads on every request (memberships and role), so every route
 * group carries this and not the whole user repository.
 */
export async function readUser(doc: DynamoDBDocumentClient, tableName: string, id: string): Promise<User | undefined> {
  const res = await doc.send(new GetCommand({ TableName: tableName, Key: keys.user(id) }));
  return res.Item ? stripKeys<User>(res.Item) : undefined;
}
