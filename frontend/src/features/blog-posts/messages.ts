import type { FormMessages } from '../../components/form/use-form-submit';
import { errorMessageId } from '../../components/states';
import { ApiError } from '../../lib/api';

/** Server exception codes of this area and their messages. */
const CODE_MESSAGES: Partial<Record<string, string>> = {
  BlogPostNotFoundException: 'blogPosts.error.notFound',
  DuplicateBlogPostSlugException: 'blogPosts.error.duplicateSlug',
  BlogPostChangedConcurrentlyException: 'blogPosts.error.changed',
  UnsupportedFileTypeException: 'errors.UnsupportedFileTypeException',
  ImageTooLargeException: 'blogPosts.image.error.tooLarge',
  FileTooLargeException: 'blogPosts.image.error.tooLarge',
  UploadNotFoundException: 'blogPosts.image.error.upload',
  UploadFailed: 'blogPosts.image.error.upload',
};

export function blogPostErrorMessageId(error: unknown): string {
  return (error instanceof ApiError && CODE_MESSAGES[error.code]) || errorMessageId(error);
}

export const BLOG_POST_FORM_MESSAGES: FormMessages = {
  errorMessageId: blogPostErrorMessageId,
  fieldMessages: { slug: 'blogPosts.field.slug.invalid' },
  codeFields: { DuplicateBlogPostSlugException: 'slug' },
};

export const blogPostPath = (id: string) => `/admin/blogposts/${encodeURIComponent(id)}`;
