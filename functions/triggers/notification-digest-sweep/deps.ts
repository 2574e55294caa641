/** The digest sweep: the alarm notification composition it shares with the sender (../notification-deps.ts). */
export { notificationAccess as access, notificationDeps as deps } from '../notification-deps';
