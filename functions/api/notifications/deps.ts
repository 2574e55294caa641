import { DynamoNotificationRepository } from '../../adapters/dynamodb/notification-repository';
import { DynamoUserRepository } from '../../adapters/dynamodb/user-repository';
import type { FunctionAccess } from '../../runtime/access';
import { groupDeps } from '../../runtime/base-deps';
import { required } from '../../runtime/config';

export const access = { table: 'readWrite', linkKey: true } as const satisfies FunctionAccess;

/** The notifications group: a merchant's notifications log, and the e-mails' unsubscribe link (NOTIFICATION_LINK_KEY). */
export const deps = groupDeps(access, ({ doc, config: { tableName } }) => ({
  notifications: new DynamoNotificationRepository(doc, tableName),
  userRecords: new DynamoUserRepository(doc, tableName),
  linkKey: required(process.env, 'NOTIFICATION_LINK_KEY'),
  nowMs: Date.now,
}));

export type NotificationsGroupDeps = ReturnType<typeof deps>;
