/**
 * The firmware catalogue (spec §2 /admin/firmwares, super admin): a version of a device type and level with its file,
 * uploaded by presigned PUT and accepted only once checked by content and hashed from the object.
 */
import { FIRMWARE_MAX_BYTES, firmwareVersion, type Firmware, type FirmwareCreate, type FirmwareListQuery, type FirmwareUpdate } from '#schemas/firmware';
import type { Page } from '#schemas/paging';
import type { ReleaseFileType, ReleaseUpload } from '#schemas/release-file';
import { recordChange } from '../audit/change-recorder';
import { acceptReleaseUpload, requestReleaseUpload, type ReleaseFilePolicy, type ReleaseFileStore } from '../rollouts/release-files';
import { pageOf } from '../shared/page';
import { timeOrderedId } from '../shared/time-ordered-id';
import { DuplicateFirmwareVersionException, FirmwareChangedConcurrentlyException, FirmwareInUseException, FirmwareNotFoundException } from './errors';
import type { FirmwareRepository, StoredFirmware } from './ports';

export interface FirmwareDeps {
  firmwares: FirmwareRepository;
  firmwareFiles: ReleaseFileStore;
  now: () => string;
}

export const FIRMWARE_FILES: ReleaseFilePolicy = { folder: 'firmware', maxBytes: FIRMWARE_MAX_BYTES };
/** The super admin's download link (a 302 to it). */
const DOWNLOAD_LINK_SECONDS = 300;

const viewOf = ({ fileKey: _key, ...f }: StoredFirmware): Firmware => f;

export const requestFirmwareUpload = (
  deps: Pick<FirmwareDeps, 'firmwareFiles'>,
  body: { contentType: ReleaseFileType; size: number },
): Promise<ReleaseUpload> => requestReleaseUpload(deps.firmwareFiles, FIRMWARE_FILES, body);

async function requireFirmware(deps: Pick<FirmwareDeps, 'firmwares'>, id: string): Promise<StoredFirmware> {
  const f = await deps.firmwares.get(id);
  if (!f) throw new FirmwareNotFoundException();
  return f;
}

/** Accepts the uploaded file, then stores the firmware with its version guard; a duplicate removes the copied file. */
export async function createFirmware(deps: FirmwareDeps, body: FirmwareCreate): Promise<Firmware> {
  const now = deps.now();
  const id = timeOrderedId(now);
  const { uploadId, fileName, ...fields } = body;
  const version = firmwareVersion(fields);
  const { key, ...file } = await acceptReleaseUpload(deps.firmwareFiles, FIRMWARE_FILES, id, { uploadId, fileName });
  const firmware: StoredFirmware = { id, ...fields, version, file, rules: 0, createdAt: now, updatedAt: now, fileKey: key };
  if ((await deps.firmwares.create(firmware)) === 'duplicate') {
    await deps.firmwareFiles.remove(key);
    throw new DuplicateFirmwareVersionException(version);
  }
  recordChange('firmware', id, undefined, viewOf(firmware));
  return viewOf(firmware);
}

export async function listFirmwares(deps: Pick<FirmwareDeps, 'firmwares'>, q: FirmwareListQuery): Promise<Page<Firmware>> {
  const [slice, total] = await Promise.all([
    deps.firmwares.list({ deviceType: q.deviceType, ordType: q.ordType, offset: (q.page - 1) * q.size, limit: q.size, cursor: q.cursor }),
    deps.firmwares.count(q.deviceType),
  ]);
  return pageOf(q, { ...slice, items: slice.items.map(viewOf) }, total);
}

export const getFirmware = async (deps: Pick<FirmwareDeps, 'firmwares'>, id: string): Promise<Firmware> => viewOf(await requireFirmware(deps, id));

export async function updateFirmware(deps: FirmwareDeps, id: string, body: FirmwareUpdate): Promise<Firmware> {
  const previous = await requireFirmware(deps, id);
  const next: StoredFirmware = { ...previous, ...body, updatedAt: deps.now() };
  const outcome = await deps.firmwares.update(previous, next);
  if (outcome === 'duplicate') throw new DuplicateFirmwareVersionException(previous.version);
  if (outcome === 'changed') throw new FirmwareChangedConcurrentlyException();
  recordChange('firmware', id, viewOf(previous), viewOf(next));
  return viewOf(next);
}

/** Deletes the firmware and its file, unless a rule uses it (FirmwareInUseException). */
export async function deleteFirmware(deps: FirmwareDeps, id: string): Promise<void> {
  const firmware = await requireFirmware(deps, id);
  const outcome = await deps.firmwares.delete(firmware);
  if (outcome === 'inUse') throw new FirmwareInUseException();
  if (outcome === 'missing') throw new FirmwareNotFoundException();
  recordChange('firmware', id, viewOf(firmware), undefined);
  await deps.firmwareFiles.remove(firmware.fileKey);
}

export async function firmwareDownload(deps: FirmwareDeps, id: string): Promise<string> {
  const firmware = await requireFirmware(deps, id);
  return deps.firmwareFiles.downloadUrl(firmware.fileKey, { fileName: firmware.file.fileName, maxSeconds: DOWNLOAD_LINK_SECONDS });
}
