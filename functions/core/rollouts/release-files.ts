/**
 * The file part of what is rolled out to machines (firmware, cash databases): an upload link for the browser under
 * `incoming/` (type and size bound in the signature), then the create call's acceptance: size and type checked again
 * by content, the SHA-256 computed from the object itself (streamed), the object moved to its own key. Until that
 * call succeeds the file is no release: an abandoned or refused upload stays under `incoming/`, which expires in a day,
 * or is deleted at once.
 */
import { randomBytes } from 'node:crypto';
import { RELEASE_FILE_TYPES, type ReleaseFile, type ReleaseFileType, type ReleaseUpload } from '#schemas/release-file';
import { ValidationError } from '../shared/domain-error';

/** The files of a release bucket (adapters/s3/release-files.ts). */
export interface ReleaseFileStore {
  uploadUrl(
    key: string,
    opts: { contentType: string; size: number; maxBytes: number },
  ): Promise<{ url: string; headers: Record<string, string>; expiresAt: string }>;
  verifyUpload(
    key: string,
    opts: { maxBytes: number; accepts: (firstBytes: Uint8Array) => boolean },
  ): Promise<{ ok: true; size: number } | { ok: false; reason: 'missing' | 'tooLarge' | 'wrongType' }>;
  /** Reads the object once, as a stream: its SHA-256 (hex), size, ETag (the version read) and first SNIFF_BYTES. */
  digest(key: string): Promise<{ sha256: string; size: number; etag: string; firstBytes: Uint8Array }>;
  /** Copies `from` to `to` if `from` is still the version `etag` names; false when it changed meanwhile. */
  copy(from: string, to: string, etag: string): Promise<boolean>;
  remove(key: string): Promise<void>;
  downloadUrl(key: string, opts: { fileName: string; maxSeconds?: number }): Promise<string>;
  /**
   * The link a machine downloads the release through, minted when its command is sent: valid `seconds`, at most
   * MACHINE_LINK_MAX_SECONDS (an hour: a machine may queue the download behind a vend; a console download gets minutes).
   */
  machineLink(key: string, seconds: number): Promise<string>;
}

export const MACHINE_LINK_MAX_SECONDS = 3_600;

/** What a kind of release accepts: its folder in `incoming/` and its largest file. */
export interface ReleaseFilePolicy {
  folder: string;
  maxBytes: number;
}

const INCOMING = 'incoming/';

/** File signatures (magic numbers) of each accepted type. */
const ACCEPTS: Readonly<Record<ReleaseFileType, (b: Uint8Array) => boolean>> = {
  'application/zip': (b) => b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04,
  'application/gzip': (b) => b.length >= 3 && b[0] === 0x1f && b[1] === 0x8b && b[2] === 0x08,
  // POSIX tar: "ustar" at offset 257 of the first header block.
  'application/x-tar': (b) => b.length >= 262 && String.fromCharCode(...b.subarray(257, 262)) === 'ustar',
};

const typeOfExtension = (ext: string) => (Object.entries(RELEASE_FILE_TYPES) as Array<[ReleaseFileType, string]>).find(([, e]) => e === ext)?.[0];

/** Spec §8 "unsupported file type": the declared type is not accepted, or the content is not of that type. */
export class UnsupportedFileTypeException extends ValidationError {
  constructor() {
    super('UnsupportedFileTypeException', 'Unsupported file type', [{ path: 'body.uploadId', message: 'unsupported file type' }]);
  }
}

export class FileTooLargeException extends ValidationError {
  constructor(maxBytes: number) {
    super('FileTooLargeException', `The file is larger than ${maxBytes} bytes`, [{ path: 'body.uploadId', message: `at most ${maxBytes} bytes` }]);
  }
}

/** No uploaded file under that id (never uploaded, expired, or already used). */
export class UploadNotFoundException extends ValidationError {
  constructor() {
    super('UploadNotFoundException', 'No uploaded file under this upload id: upload the file again', [{ path: 'body.uploadId', message: 'no uploaded file' }]);
  }
}

const incomingKey = (policy: ReleaseFilePolicy, uploadId: string) => `${INCOMING}${policy.folder}/${uploadId}`;

/** An upload link for a file of the declared type and size; its id names the type. */
export async function requestReleaseUpload(
  files: Pick<ReleaseFileStore, 'uploadUrl'>,
  policy: ReleaseFilePolicy,
  body: { contentType: ReleaseFileType; size: number },
): Promise<ReleaseUpload> {
  const uploadId = `${randomBytes(16).toString('hex')}.${RELEASE_FILE_TYPES[body.contentType]}`;
  const link = await files.uploadUrl(incomingKey(policy, uploadId), { contentType: body.contentType, size: body.size, maxBytes: policy.maxBytes });
  return { uploadId, ...link };
}

/** Where an accepted file lives: `<folder>/<id>.<ext>`. */
export const releaseFileKey = (policy: ReleaseFilePolicy, id: string, uploadId: string) => `${policy.folder}/${id}.${uploadId.split('.')[1]}`;

/**
 * Accepts an uploaded file as the file of release `id`: refused ones are deleted (wrong type by content, too large);
 * the hash is of the exact version that is then copied (a PUT racing in between fails the copy). The incoming object
 * is removed once copied. Throws the spec's errors (400 naming `uploadId`).
 */
export async function acceptReleaseUpload(
  files: ReleaseFileStore,
  policy: ReleaseFilePolicy,
  id: string,
  upload: { uploadId: string; fileName: string },
): Promise<ReleaseFile & { key: string }> {
  const contentType = typeOfExtension(upload.uploadId.split('.')[1] ?? '');
  if (!contentType) throw new UnsupportedFileTypeException();
  const from = incomingKey(policy, upload.uploadId);
  const verified = await files.verifyUpload(from, { maxBytes: policy.maxBytes, accepts: ACCEPTS[contentType] });
  if (!verified.ok) {
    if (verified.reason === 'missing') throw new UploadNotFoundException();
    if (verified.reason === 'tooLarge') throw new FileTooLargeException(policy.maxBytes);
    throw new UnsupportedFileTypeException();
  }
  const { sha256, size, etag, firstBytes } = await files.digest(from);
  // The version hashed is the one copied: check it too (another PUT with the same link may have replaced the first).
  if (size > policy.maxBytes || !ACCEPTS[contentType](firstBytes)) {
    await files.remove(from);
    throw size > policy.maxBytes ? new FileTooLargeException(policy.maxBytes) : new UnsupportedFileTypeException();
  }
  const key = releaseFileKey(policy, id, upload.uploadId);
  if (!(await files.copy(from, key, etag))) throw new UploadNotFoundException();
  await files.remove(from);
  return { key, fileName: upload.fileName, contentType, size, sha256 };
}
