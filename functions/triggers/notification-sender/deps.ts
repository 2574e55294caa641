/** The alarm notification sender: the composition it shares with the digest sweep (../notification-deps.ts). */
export { notificationAccess as access, notificationDeps as deps } from '../notification-deps';
