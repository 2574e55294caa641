import { mutate } from 'swr';
import { PortalSettings, type PortalFileKind, type PortalSettingsInput } from '#schemas/cogeskey';
import { apiRequest } from '../../../lib/api';
import { uploadContentFile } from '../../../lib/content-upload';
import { portalPath } from './get-portal';

const refresh = (merchantId: string, saved?: PortalSettings) =>
  Promise.all([mutate(portalPath(merchantId), saved, { revalidate: !saved }), mutate([portalPath(merchantId), 'view'])]);

/** PUT /cogeskey/{m}: the settings (its files stay). */
export async function savePortal(merchantId: string, input: PortalSettingsInput): Promise<PortalSettings> {
  const saved = await apiRequest(portalPath(merchantId), { method: 'PUT', body: input, schema: PortalSettings });
  await refresh(merchantId, saved);
  return saved;
}

/** The file sent by presigned PUT with its progress, then PUT /cogeskey/{m}/files/{kind} (checked by its bytes). */
export async function uploadPortalFile(merchantId: string, kind: PortalFileKind, file: File, onProgress: (share: number) => void): Promise<PortalSettings> {
  const uploadId = await uploadContentFile(`${portalPath(merchantId)}/uploads`, kind, file, onProgress);
  const saved = await apiRequest(`${portalPath(merchantId)}/files/${kind}`, { method: 'PUT', body: { uploadId, fileName: file.name }, schema: PortalSettings });
  await refresh(merchantId, saved);
  return saved;
}

export async function removePortalFile(merchantId: string, kind: PortalFileKind): Promise<void> {
  await apiRequest(`${portalPath(merchantId)}/files/${kind}`, { method: 'DELETE' });
  await refresh(merchantId);
}
