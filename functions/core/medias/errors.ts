import { MAX_BATCH_REFUND_MEDIAS } from '#schemas/media-constants';
import { ConflictError, DomainError, NotFoundError, ValidationError } from '../shared/domain-error';

/** No media of that id in the caller's merchant (another merchant's media reads the same). */
export class MediaNotFoundException extends NotFoundError {
  constructor() {
    super('MediaNotFoundException', 'Media not found');
  }
}

/** The media's status does not allow the action (block an already blocked or lost media, unblock an OK one…). */
export class MediaStatusException extends ConflictError {
  constructor(message: string) {
    super('MediaStatusException', message);
  }
}

/** Refunds go only to media in status OK (not blocked, not a lost key). */
export class MediaBlockedException extends ConflictError {
  constructor() {
    super('MediaBlockedException', 'A blocked or lost media cannot be refunded');
  }
}

/** The refund, or the cloud credit it would leave on the media, is above the merchant's maximum refund (spec §5). */
export class RefundAboveMaximumException extends ValidationError {
  constructor(maximumRefund: number, cloudCredit: number) {
    super(
      'RefundAboveMaximumException',
      maximumRefund === 0
        ? 'Refunds are off: the merchant’s maximum refund is 0 (merchant settings)'
        : `Refund must be below the maximum refund (${maximumRefund}); the media already holds ${cloudCredit} of cloud credit`,
      [{ path: 'body.refund', message: `the media's cloud credit after the refund must be at most ${maximumRefund}` }],
    );
  }
}

/** The media holds cloud credit for another machine: a refund at a machine cannot move it. */
export class RefundDeviceConflictException extends ConflictError {
  constructor() {
    super('RefundDeviceConflictException', 'The media holds cloud credit for another machine: refund without a machine, or once that credit is collected');
  }
}

/** Spec §8 "batch refund maximum": a batch refund takes at most MAX_BATCH_REFUND_MEDIAS medias. */
export class BatchRefundMaximumException extends ValidationError {
  constructor() {
    super('BatchRefundMaximumException', `Batch refund limited to ${MAX_BATCH_REFUND_MEDIAS} medias`, [
      { path: 'body.mediaSerials', message: `at most ${MAX_BATCH_REFUND_MEDIAS} media serials` },
    ]);
  }
}

/** Spec §8 "no media refunded": no serial of the batch qualified (`details` says why, per serial). */
export class NoMediaRefundedException extends DomainError {
  constructor(details: Array<{ path: string; message: string }>) {
    super('NoMediaRefundedException', 'validation', 'No media refunded', details);
  }
}

/** Lost-my-key needs another media of the merchant, in status OK, that replaced none before. */
export class LostMyKeyTargetException extends ValidationError {
  constructor(message: string) {
    super('LostMyKeyTargetException', message, [{ path: 'body.MediaId', message }]);
  }
}

/** The media kept changing under this write (machines reporting, other actions): try again. */
export class MediaChangedConcurrentlyException extends ConflictError {
  constructor() {
    super('MediaChangedConcurrentlyException', 'The media changed meanwhile: try again');
  }
}

/** GET /medias/all past MAX_MEDIA_RESULTS: narrow the filters. */
export class MediaExportTooLargeException extends ValidationError {
  constructor(max: number) {
    super('MediaExportTooLargeException', `More than ${max} medias: narrow the filters`, [{ path: 'query', message: `at most ${max} medias` }]);
  }
}
