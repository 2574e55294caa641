/** The statuses of remote commands (remote-command.ts), without zod: the core and the counting reads use them without bundling the schemas. */

/** Spec §4 statuses. 0 and 1 are pending; the others are final. */
export const COMMAND_STATUS = { scheduled: 0, running: 1, received: 2, notExecuted: 3, receivedWithWarnings: 4, receivedWithErrors: 5 } as const;
export const COMMAND_STATUSES = Object.values(COMMAND_STATUS);
export const PENDING_STATUSES: readonly number[] = [COMMAND_STATUS.scheduled, COMMAND_STATUS.running];
