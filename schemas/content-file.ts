/**
 * Files the console shows (the customer portal's logos and ingredients, blog post images): uploaded by the browser
 * with a presigned PUT under `incoming/` of the content bucket, then accepted by the call that uses them, which
 * checks them by their own bytes (type, and an image's size in pixels) before moving them on.
 */
import * as z from 'zod/mini';
import { FileName } from './release-file';

/** What a content file may be, by declared type; each is recognised by its content. */
export const CONTENT_FILE_TYPES = { 'image/png': 'png', 'image/jpeg': 'jpg', 'application/pdf': 'pdf' } as const;
export type ContentFileType = keyof typeof CONTENT_FILE_TYPES;
const TYPES = Object.keys(CONTENT_FILE_TYPES) as [ContentFileType, ...ContentFileType[]];

/** The id of an upload names its declared type: `<32 hex>.png|jpg|pdf`. */
export const CONTENT_UPLOAD_ID_PATTERN = /^[0-9a-f]{32}\.(png|jpg|pdf)$/;
export const ContentUploadId = z.string().check(z.regex(CONTENT_UPLOAD_ID_PATTERN, 'invalid upload id'));

/** Spec §5 and §9: a logo is a jpg or png of at most 500 × 200 px. */
export const LOGO_MAX_WIDTH = 500;
export const LOGO_MAX_HEIGHT = 200;

/** What a kind of content file accepts: its types, largest size and, for images, largest dimensions. */
export interface ContentFilePolicy {
  folder: string;
  types: readonly ContentFileType[];
  maxBytes: number;
  maxWidth?: number;
  maxHeight?: number;
}

export const IMAGE_TYPES = ['image/png', 'image/jpeg'] as const satisfies readonly ContentFileType[];

/** Asks for an upload link of a file of `size` bytes and `contentType` (both bound in the link). */
export const contentUploadRequest = <K extends string>(kinds: readonly [K, ...K[]]) =>
  z.strictObject({
    kind: z.enum(kinds, { error: 'unknown kind of file' }),
    fileName: FileName,
    contentType: z.enum(TYPES, { error: 'unsupported file type' }),
    size: z.number().check(z.int('a whole number of bytes'), z.gte(1, 'an empty file'), z.lte(10 * 1024 * 1024, 'at most 10 MB')),
  });

/** Names an uploaded file in the call that accepts it. */
export const ContentFileAccept = z.strictObject({ uploadId: ContentUploadId, fileName: FileName });
export type ContentFileAccept = z.infer<typeof ContentFileAccept>;

/** A stored content file as the API shows it (its key is never shown). */
export const ContentFile = z.object({
  fileName: z.string(),
  contentType: z.string(),
  size: z.number(),
  width: z.nullable(z.number()),
  height: z.nullable(z.number()),
  uploadedAt: z.string(),
});
export type ContentFile = z.infer<typeof ContentFile>;

/** A stored content file with where it lives in the content bucket. */
export type StoredContentFile = ContentFile & { key: string };

export const StoredContentFileSchema = z.object({ ...ContentFile.shape, key: z.string() });
