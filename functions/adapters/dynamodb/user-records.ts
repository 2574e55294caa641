import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { UserMe } from '#schemas/user-me';
import type { User } from '../../core/users/user';
import * as keys from './keys';
import { recordSchema } from './records';

/** The record schema of a user (its USER item and its merchant membership copies). */
export const userRecord = recordSchema<User>(
  'user',
  z.extend(UserMe, {
    // Stored before the reasons were an enum: any text reads as stored.
    notificationsOffReason: z.optional(z.nullable(z.string())),
    invisibleFlags: z.array(z.string()),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
);

/**
 * One user's record by id: what authorization reads on every request (memberships and role), so every route
 * group carries this and not the whole user repository.
 */
export async function readUser(doc: DynamoDBDocumentClient, tableName: string, id: string): Promise<User | undefined> {
  const res = await doc.send(new GetCommand({ TableName: tableName, Key: keys.user(id) }));
  return res.Item ? userRecord.read(res.Item) : undefined;
}
