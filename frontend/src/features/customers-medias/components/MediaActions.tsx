import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { MEDIA_STATUS, type MediaDetail } from '#schemas/media';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Spinner } from '../../../components/Spinner';
import { useToast } from '../../../components/toasts';
import { changeMediaStatus, type StatusAction } from '../api/change-media-status';
import { mediaErrorMessageId } from '../messages';
import { LostKeyDialog } from './LostKeyDialog';
import { RefundDialog } from './RefundDialog';

/** What each confirmed status action asks and tells (spec §4: block, unblock, unblock tokens). */
const CONFIRM: Record<StatusAction, { labelId: string; titleId: string; messageId: string; successId: string }> = {
  block: { labelId: 'medias.block.action', titleId: 'medias.block.confirmTitle', messageId: 'medias.block.confirmMessage', successId: 'medias.block.done' },
  unblock: {
    labelId: 'medias.unblock.action',
    titleId: 'medias.unblock.confirmTitle',
    messageId: 'medias.unblock.confirmMessage',
    successId: 'medias.unblock.done',
  },
  'unblock-tokens': {
    labelId: 'medias.unblockTokens.action',
    titleId: 'medias.unblockTokens.confirmTitle',
    messageId: 'medias.unblockTokens.confirmMessage',
    successId: 'medias.unblockTokens.done',
  },
};

type Dialog = 'refund' | 'refundMachine' | 'lostKey' | null;

/**
 * A media's actions for the roles that may take them: block (an OK media), unblock (a blocked one), unblock
 * tokens (when machines paid more cloud credit than it held), and for a media in use: refund, refund at a
 * machine, lost my key. A lost key is final: it has none.
 */
export function MediaActions({
  merchantId,
  media,
  currency,
  maximumRefund,
}: {
  merchantId: string;
  media: MediaDetail;
  currency: string;
  maximumRefund: number | null;
}) {
  const { showToast } = useToast();
  const [confirming, setConfirming] = useState<StatusAction | null>(null);
  const [busy, setBusy] = useState<StatusAction | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const inUse = media.status === MEDIA_STATUS.ok;

  async function run(action: StatusAction) {
    setConfirming(null);
    setBusy(action);
    try {
      await changeMediaStatus(merchantId, media.mediaId, action);
      showToast({ kind: 'success', messageId: CONFIRM[action].successId });
    } catch (error) {
      showToast({ kind: 'error', messageId: mediaErrorMessageId(error) });
    } finally {
      setBusy(null);
    }
  }

  const confirmButton = (action: StatusAction) => (
    <button type="button" className="button button--secondary" onClick={() => setConfirming(action)} disabled={busy !== null} data-testid={`media-${action}`}>
      {busy === action ? <Spinner size="small" /> : <FormattedMessage id={CONFIRM[action].labelId} />}
    </button>
  );
  const dialogButton = (which: Exclude<Dialog, null>, labelId: string, className = 'button button--secondary') => (
    <button type="button" className={className} onClick={() => setDialog(which)} disabled={busy !== null} data-testid={`media-${which}`}>
      <FormattedMessage id={labelId} />
    </button>
  );
  const asked = CONFIRM[confirming ?? 'block'];
  const close = () => setDialog(null);

  return (
    <>
      <div className="media-actions" data-testid="media-actions">
        {inUse && dialogButton('refund', 'medias.refund.action', 'button button--primary')}
        {inUse && dialogButton('refundMachine', 'medias.refundMachine.action')}
        {inUse && dialogButton('lostKey', 'medias.lostKey.action')}
        {media.tokensBlocked && confirmButton('unblock-tokens')}
        {inUse && confirmButton('block')}
        {media.status === MEDIA_STATUS.blocked && confirmButton('unblock')}
      </div>
      <ConfirmDialog
        open={confirming !== null}
        titleId={asked.titleId}
        messageId={asked.messageId}
        confirmId={asked.labelId}
        cancelId="common.cancel"
        onConfirm={() => confirming && void run(confirming)}
        onCancel={() => setConfirming(null)}
      />
      {(dialog === 'refund' || dialog === 'refundMachine') && (
        <RefundDialog
          merchantId={merchantId}
          media={media}
          currency={currency}
          maximumRefund={maximumRefund}
          atMachine={dialog === 'refundMachine'}
          onClose={close}
        />
      )}
      {dialog === 'lostKey' && <LostKeyDialog merchantId={merchantId} media={media} currency={currency} onClose={close} />}
    </>
  );
}
