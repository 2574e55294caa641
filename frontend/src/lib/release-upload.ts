import { RELEASE_FILE_TYPES, ReleaseUpload, type ReleaseFileType } from '#schemas/release-file';
import { ApiError, apiRequest, NETWORK } from './api';

/** The declared type of a chosen file, from its name (the API checks it again by content). */
export function releaseFileType(file: File): ReleaseFileType | undefined {
  const lower = file.name.toLowerCase();
  if (lower.endsWith('.zip')) return 'application/zip';
  if (lower.endsWith('.gz') || lower.endsWith('.tgz')) return 'application/gzip';
  if (lower.endsWith('.tar')) return 'application/x-tar';
  return (Object.keys(RELEASE_FILE_TYPES) as ReleaseFileType[]).find((t) => t === file.type);
}

/** The file input's `accept` of a release file. */
export const RELEASE_FILE_ACCEPT = '.zip,.gz,.tgz,.tar';

/** PUT of the file to the presigned link, telling the share sent (0–1) as it goes. */
function put(link: ReleaseUpload, file: File, onProgress: (share: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', link.url);
    for (const [name, value] of Object.entries(link.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new ApiError(xhr.status, 'UploadFailed', `upload answered ${xhr.status}`)));
    xhr.onerror = () => reject(new ApiError(0, NETWORK, 'upload failed'));
    xhr.send(file);
  });
}

/** POST `uploadsPath` (the kind's upload route) for a link, then the file PUT to it with progress; the upload id the create call names. */
export async function uploadReleaseFile(uploadsPath: string, file: File, contentType: ReleaseFileType, onProgress: (share: number) => void): Promise<string> {
  const link = await apiRequest(uploadsPath, { method: 'POST', body: { fileName: file.name, contentType, size: file.size }, schema: ReleaseUpload });
  await put(link, file, onProgress);
  onProgress(1);
  return link.uploadId;
}
