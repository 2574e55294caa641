import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { Language } from '#schemas/language';
import { Role } from '#schemas/roles';
import type { User } from '../../core/users/user';
import * as keys from './keys';
import { recordSchema } from './records';

/** The record schema of a user (its USER item and its merchant membership copies). */
export const userRecord = recordSchema<User>(
  'user',
  z.object({
    id: z.string(),
    email: z.string(),
    role: Role,
    language: Language,
    merchantIds: z.array(z.string()),
    groupIds: z.array(z.string()),
    allowLicensing: z.boolean(),
    receiveNotifications: z.boolean(),
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
