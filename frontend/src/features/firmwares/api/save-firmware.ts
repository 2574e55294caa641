import { mutate } from 'swr';
import { Firmware, type FirmwareCreate, type FirmwareUpdate } from '#schemas/firmware';
import { apiRequest, LONG_TIMEOUT_MS } from '../../../lib/api';
import { firmwareKey } from './get-firmware';
import { FIRMWARES_PATH, revalidateFirmwareLists } from './get-firmware-page';

async function stored(firmware: Firmware): Promise<Firmware> {
  await mutate(firmwareKey(firmware.id), firmware, { revalidate: false });
  void revalidateFirmwareLists();
  return firmware;
}

/** POST /firmwares → 201 once the uploaded file is checked and hashed (long: the file is read from the bucket). */
export async function createFirmware(input: FirmwareCreate): Promise<Firmware> {
  return stored(await apiRequest(FIRMWARES_PATH, { method: 'POST', body: input, schema: Firmware, timeoutMs: LONG_TIMEOUT_MS }));
}

/** PUT /firmwares/{id}: level and release date. */
export async function updateFirmware(id: string, input: FirmwareUpdate): Promise<Firmware> {
  return stored(await apiRequest(firmwareKey(id), { method: 'PUT', body: input, schema: Firmware }));
}

/** DELETE /firmwares/{id} → 204; 409 FirmwareInUseException while a rule uses it. */
export async function deleteFirmware(id: string): Promise<void> {
  await apiRequest<void>(firmwareKey(id), { method: 'DELETE' });
  await mutate(firmwareKey(id), undefined, { revalidate: false });
  void revalidateFirmwareLists();
}
