import { ConflictError, DomainError, NotFoundError, ValidationError } from '../shared/domain-error';

/** Spec §8: another remote command of that type pending (spec §4: one pending command of a type per machine). */
export class RemoteCommandPendingException extends ConflictError {
  constructor() {
    super('RemoteCommandPendingException', 'Another remote command of that type is pending');
  }
}

/** Spec §8: POS not found on remote command (unknown, or outside the caller's merchants and groups). */
export class RemoteCommandPosNotFoundException extends NotFoundError {
  constructor() {
    super('RemoteCommandPosNotFoundException', 'Point of sale not found for the remote command');
  }
}

/** Spec §8: remote command send error (the IoT publish failed; the command is marked not executed). */
export class RemoteCommandSendException extends DomainError {
  constructor() {
    super('RemoteCommandSendException', 'unavailable', 'The remote command could not be sent: try again');
  }
}

/** Spec §5/§8: a cloud-to-device message is at most 64 KB. */
export class MessageTooLargeException extends DomainError {
  constructor(bytes: number, max: number) {
    super('MessageTooLargeException', 'too-large', `The message exceeds 64 KB (${bytes} bytes > ${max})`, [
      { path: 'body.params', message: `${bytes} bytes > ${max}` },
    ]);
  }
}

export class RemoteCommandNotFoundException extends NotFoundError {
  constructor() {
    super('RemoteCommandNotFoundException', 'Remote command not found');
  }
}

/** Only a scheduled or running command can be cancelled. */
export class RemoteCommandNotPendingException extends ConflictError {
  constructor() {
    super('RemoteCommandNotPendingException', 'The remote command is no longer pending');
  }
}

/** The Idempotency-Key was used before for a different request. */
export class IdempotencyKeyReusedException extends ConflictError {
  constructor() {
    super('IdempotencyKeyReusedException', 'This Idempotency-Key was used for another request');
  }
}

export class InvalidScheduleException extends ValidationError {
  constructor(maxDays: number) {
    super('InvalidScheduleException', `A command can be scheduled at most ${maxDays} days ahead`, [
      { path: 'body.scheduledAt', message: `more than ${maxDays} days ahead` },
    ]);
  }
}

export class RemoteCommandExportTooLargeException extends ValidationError {
  constructor(max: number) {
    super('ExportTooLargeException', `More than ${max} remote commands: narrow the list with filters`, [
      { path: 'query', message: `more than ${max} remote commands` },
    ]);
  }
}
