import { ReleaseUpload } from '#schemas/release-file';
import { CONTENT_FILE_TYPES, type ContentFileType } from '#schemas/content-file';
import { ApiError, apiFile, apiRequest, NETWORK } from './api';

/** The declared type of a chosen file, from its name or the browser's type (the API checks it again by its bytes). */
export function contentFileType(file: File): ContentFileType | undefined {
  const lower = file.name.toLowerCase();
  if (lower.endsWith('.png')) return 'image/png';
  if (lower.endsWith('.jpg') || lower.endsWith('.jpeg')) return 'image/jpeg';
  if (lower.endsWith('.pdf')) return 'application/pdf';
  return (Object.keys(CONTENT_FILE_TYPES) as ContentFileType[]).find((t) => t === file.type);
}

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

/** POST `linkPath` for an upload link of a `kind` of file, then the file PUT to it with progress; the upload id to name. */
export async function uploadContentFile(linkPath: string, kind: string, file: File, onProgress: (share: number) => void): Promise<string> {
  const contentType = contentFileType(file);
  if (!contentType) throw new ApiError(400, 'UnsupportedFileTypeException', 'unsupported file type');
  const link = await apiRequest(linkPath, { method: 'POST', body: { kind, fileName: file.name, contentType, size: file.size }, schema: ReleaseUpload });
  await put(link, file, onProgress);
  onProgress(1);
  return link.uploadId;
}

/**
 * A file of a download route (its 302 to a short-lived link is followed) as a data: URL for an <img> (the console's
 * content security policy allows images from itself and data: only).
 */
export async function fileDataUrl(path: string): Promise<string> {
  const { blob } = await apiFile(path);
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsDataURL(blob);
  });
}
