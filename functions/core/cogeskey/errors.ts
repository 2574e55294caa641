import { ConflictError, NotFoundError, ValidationError } from '../shared/domain-error';

export class PortalChangedConcurrentlyException extends ConflictError {
  constructor() {
    super('PortalChangedConcurrentlyException', 'The portal was changed meanwhile: reload and try again');
  }
}

/** A file the portal does not have (never uploaded, or removed). */
export class PortalFileNotFoundException extends NotFoundError {
  constructor() {
    super('PortalFileNotFoundException', 'The portal has no such file');
  }
}

/** A blog post the portal does not show (not chosen, hidden, or without an image). */
export class PortalBlogPostNotFoundException extends NotFoundError {
  constructor() {
    super('PortalBlogPostNotFoundException', 'The portal shows no such blog post');
  }
}

/** Services or blog posts the catalogue does not have: 400 naming each unknown one. */
export class UnknownPortalItemsException extends ValidationError {
  constructor(details: Array<{ path: string; message: string }>) {
    super('UnknownPortalItemsException', 'Some chosen services or blog posts do not exist', details);
  }
}
