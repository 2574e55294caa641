import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { MEDIA_STATUS, type MediaDetail } from '#schemas/media';
import { FormDialog } from '../../../components/FormDialog';
import { useToast } from '../../../components/toasts';
import { useFormat } from '../../../lib/format';
import { lostMyKey } from '../api/lost-my-key';
import { mediaErrorMessageId } from '../messages';
import { MediaPicker } from './MediaPicker';

/**
 * Lost my key: the user finds the customer's new registered media by its printed serial, picks it, and the old
 * media's remaining credit moves to it (the API moves it once). Only a media in use (status OK) other than this
 * one can be picked. Mounted per opening.
 */
export function LostKeyDialog({ merchantId, media, currency, onClose }: { merchantId: string; media: MediaDetail; currency: string; onClose: () => void }) {
  const format = useFormat();
  const { showToast } = useToast();
  const [picked, setPicked] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit() {
    if (!picked) return;
    setBusy(true);
    try {
      await lostMyKey(merchantId, media.mediaId, picked);
      showToast({ kind: 'success', messageId: 'medias.lostKey.done' });
      onClose();
    } catch (error) {
      showToast({ kind: 'error', messageId: mediaErrorMessageId(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormDialog
      open
      titleId="medias.lostKey.title"
      submitLabelId="medias.lostKey.submit"
      busy={busy}
      submitDisabled={!picked}
      onSubmit={() => void submit()}
      onCancel={onClose}
      testId="lost-key-dialog"
    >
      <p>
        <FormattedMessage id="medias.lostKey.explain" values={{ credit: format.money(media.credit, currency) }} />
      </p>
      <MediaPicker
        merchantId={merchantId}
        currency={currency}
        labelId="medias.lostKey.search"
        accept={(m) => m.mediaId !== media.mediaId && m.status === MEDIA_STATUS.ok}
        picked={picked}
        onPick={setPicked}
      />
    </FormDialog>
  );
}
