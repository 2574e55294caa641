/**
 * The content bucket's files (portal logos and ingredients, blog post images): an upload link for the browser under
 * `incoming/` (type and size bound in the signature), then the accepting call reads the object once (they are small),
 * judges it by its own bytes (type, and an image's pixels) and moves it to its own key. A refused file is deleted; an
 * abandoned one expires with `incoming/` after a day.
 */
import { randomBytes } from 'node:crypto';
import { CONTENT_FILE_TYPES, type ContentFileAccept, type ContentFilePolicy, type ContentFileType, type StoredContentFile } from '#schemas/content-file';
import type { ReleaseUpload } from '#schemas/release-file';
import { FileTooLargeException, UnsupportedFileTypeException, UploadNotFoundException } from '../rollouts/release-files';
import { ValidationError } from '../shared/domain-error';
import { sniff } from './sniff';

/** The files of the content bucket (adapters/s3/content-files.ts). */
export interface ContentFileStore {
  uploadUrl(
    key: string,
    opts: { contentType: string; size: number; maxBytes: number },
  ): Promise<{ url: string; headers: Record<string, string>; expiresAt: string }>;
  /** The whole object (at most `maxBytes`, else 'tooLarge') and the version read. */
  read(key: string, maxBytes: number): Promise<{ bytes: Uint8Array; etag: string } | 'missing' | 'tooLarge'>;
  /** Copies `from` to `to` if `from` is still the version `etag` names; false when it changed meanwhile. */
  copy(from: string, to: string, etag: string): Promise<boolean>;
  remove(key: string): Promise<void>;
  downloadUrl(key: string, opts: { fileName: string }): Promise<string>;
}

/** Spec §5: a logo of more than 500 × 200 px (the details say the limit and the image's size). */
export class ImageTooLargeException extends ValidationError {
  constructor(max: { width: number; height: number }, actual: { width: number; height: number }) {
    super('ImageTooLargeException', `The image is ${actual.width} × ${actual.height} px: at most ${max.width} × ${max.height} px`, [
      { path: 'body.uploadId', message: `at most ${max.width} × ${max.height} px, this one is ${actual.width} × ${actual.height} px` },
    ]);
  }
}

const incomingKey = (policy: ContentFilePolicy, uploadId: string) => `incoming/${policy.folder}/${uploadId}`;
const typeOfExtension = (ext: string) => (Object.entries(CONTENT_FILE_TYPES) as Array<[ContentFileType, string]>).find(([, e]) => e === ext)?.[0];

/** An upload link for a file of a type the policy takes; its id names the type. */
export async function requestContentUpload(
  files: Pick<ContentFileStore, 'uploadUrl'>,
  policy: ContentFilePolicy,
  body: { contentType: ContentFileType; size: number },
): Promise<ReleaseUpload> {
  if (!policy.types.includes(body.contentType)) throw new UnsupportedFileTypeException();
  if (body.size > policy.maxBytes) throw new FileTooLargeException(policy.maxBytes);
  const uploadId = `${randomBytes(16).toString('hex')}.${CONTENT_FILE_TYPES[body.contentType]}`;
  const link = await files.uploadUrl(incomingKey(policy, uploadId), { contentType: body.contentType, size: body.size, maxBytes: policy.maxBytes });
  return { uploadId, ...link };
}

/**
 * Accepts an uploaded file as `<folder>/<owner>/<random>.<ext>`: its bytes must be of the declared type (a pdf
 * renamed .png is refused, and so is a png declared as pdf) and an image within the policy's pixels. The incoming
 * object is removed either way. Throws the spec's errors (400 naming `uploadId`).
 */
export async function acceptContentUpload(
  files: ContentFileStore,
  policy: ContentFilePolicy,
  owner: string,
  upload: ContentFileAccept,
  now: string,
): Promise<StoredContentFile> {
  const declared = typeOfExtension(upload.uploadId.split('.')[1] ?? '');
  if (!declared || !policy.types.includes(declared)) throw new UnsupportedFileTypeException();
  const from = incomingKey(policy, upload.uploadId);
  const read = await files.read(from, policy.maxBytes);
  if (read === 'missing') throw new UploadNotFoundException();
  if (read === 'tooLarge') {
    await files.remove(from);
    throw new FileTooLargeException(policy.maxBytes);
  }
  const found = sniff(read.bytes);
  if (!found || found.type !== declared) {
    await files.remove(from);
    throw new UnsupportedFileTypeException();
  }
  if (found.width !== null && found.height !== null && policy.maxWidth !== undefined && policy.maxHeight !== undefined) {
    if (found.width > policy.maxWidth || found.height > policy.maxHeight) {
      await files.remove(from);
      throw new ImageTooLargeException({ width: policy.maxWidth, height: policy.maxHeight }, { width: found.width, height: found.height });
    }
  }
  const key = `${policy.folder}/${owner}/${randomBytes(8).toString('hex')}.${CONTENT_FILE_TYPES[declared]}`;
  if (!(await files.copy(from, key, read.etag))) throw new UploadNotFoundException();
  await files.remove(from);
  return {
    key,
    fileName: upload.fileName,
    contentType: declared,
    size: read.bytes.byteLength,
    width: found.width,
    height: found.height,
    uploadedAt: now,
  };
}

/** What the API shows of a stored file: all but its key. */
export const shownFile = (file: StoredContentFile | null | undefined) => {
  if (!file) return null;
  const { key: _key, ...shown } = file;
  return shown;
};
