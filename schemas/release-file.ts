/**
 * Files sent to machines (firmware, cash databases): uploaded by the browser with a presigned PUT under `incoming/`,
 * then accepted by the create call, which checks them by content, hashes them from the object and moves them on.
 */
import * as z from 'zod/mini';

/** What a release file may be, by declared type; each is recognised by its content (its magic number). */
export const RELEASE_FILE_TYPES = { 'application/zip': 'zip', 'application/gzip': 'gz', 'application/x-tar': 'tar' } as const;
export type ReleaseFileType = keyof typeof RELEASE_FILE_TYPES;
const TYPES = Object.keys(RELEASE_FILE_TYPES) as [ReleaseFileType, ...ReleaseFileType[]];

/** The id of an upload names its declared type (its extension): `<32 hex>.zip|gz|tar`. */
export const UPLOAD_ID_PATTERN = /^[0-9a-f]{32}\.(zip|gz|tar)$/;
export const UploadId = z.string().check(z.regex(UPLOAD_ID_PATTERN, 'invalid upload id'));

export const FileName = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'a file name'),
    z.maxLength(200, 'at most 200 characters'),
    z.regex(/^[^/\\\u0000-\u001f]+$/, 'a file name without / \\ or control characters'),
  );

/** Asks for an upload link of a file of `size` bytes and `contentType` (both bound in the link). */
export const releaseUploadRequest = (maxBytes: number) =>
  z.strictObject({
    fileName: FileName,
    contentType: z.enum(TYPES, { error: 'unsupported file type' }),
    size: z.number().check(z.int('a whole number of bytes'), z.gte(1, 'an empty file'), z.lte(maxBytes, `at most ${maxBytes} bytes`)),
  });

/** PUT the file to `url` with `headers` before `expiresAt`, then name `uploadId` in the create call. */
export const ReleaseUpload = z.object({ uploadId: z.string(), url: z.string(), headers: z.record(z.string(), z.string()), expiresAt: z.string() });
export type ReleaseUpload = z.infer<typeof ReleaseUpload>;

/** What a stored release file is, as computed from the object after its upload. */
export const ReleaseFile = z.object({ fileName: z.string(), contentType: z.string(), size: z.number(), sha256: z.string() });
export type ReleaseFile = z.infer<typeof ReleaseFile>;
