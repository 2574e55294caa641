/** PUT /medias/{mediaId}/sap-code (super admin): the media carries one of its merchant's SAP codes, or none. */
import type { MediaDetail } from '#schemas/media';
import type { MediaSapCodeInput } from '#schemas/sap-code';
import type { PosReader } from '../devices/ports';
import { MediaChangedConcurrentlyException, MediaNotFoundException } from '../medias/errors';
import type { MediaRepository } from '../medias/ports';
import { getMedia } from '../medias/use-cases';
import type { Principal } from '../shared/principal';
import { UnknownMediaSapCodeException } from './errors';
import type { SapCodeRepository } from './ports';

const ATTEMPTS = 5;

export async function setMediaSapCode(
  deps: { medias: MediaRepository; pos: PosReader; sapCodes: Pick<SapCodeRepository, 'byCode'>; now: () => string },
  principal: Principal,
  merchantId: string,
  mediaId: string,
  input: MediaSapCodeInput,
): Promise<MediaDetail> {
  // Stored as the merchant's own spelling of the code.
  const sapCode = input.sapCode === null ? null : (await deps.sapCodes.byCode(merchantId, input.sapCode))?.code;
  if (sapCode === undefined) throw new UnknownMediaSapCodeException();
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const current = await deps.medias.get(merchantId, mediaId);
    if (!current) throw new MediaNotFoundException();
    if (current.sapCode === sapCode) break;
    if (await deps.medias.save({ ...current, sapCode, updatedAt: deps.now() }, current)) break;
    if (attempt === ATTEMPTS - 1) throw new MediaChangedConcurrentlyException();
  }
  return getMedia(deps, principal, merchantId, mediaId);
}
