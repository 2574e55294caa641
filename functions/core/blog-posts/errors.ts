import { ConflictError, NotFoundError } from '../shared/domain-error';

export class BlogPostNotFoundException extends NotFoundError {
  constructor() {
    super('BlogPostNotFoundException', 'Blog post not found');
  }
}

export class DuplicateBlogPostSlugException extends ConflictError {
  constructor() {
    super('DuplicateBlogPostSlugException', 'Another blog post has this slug');
  }
}

export class BlogPostChangedConcurrentlyException extends ConflictError {
  constructor() {
    super('BlogPostChangedConcurrentlyException', 'The blog post was changed meanwhile: reload and try again');
  }
}

export class BlogPostImageNotFoundException extends NotFoundError {
  constructor() {
    super('BlogPostImageNotFoundException', 'The blog post has no image');
  }
}
