import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import type { PointOfSale } from '#schemas/pos';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Spinner } from '../../../components/Spinner';
import { useToast } from '../../../components/toasts';
import { useMayCall } from '../../../components/use-may-call';
import { deletePos } from '../api/delete-pos';
import { setPosHidden } from '../api/hide-pos';
import { resetPos } from '../api/reset-pos';
import { deviceErrorMessageId } from '../messages';
import { AssociatePanel } from './AssociatePanel';
import { QrCodePanel } from './QrCodePanel';

type Confirmable = 'hide' | 'undoHide' | 'reset' | 'delete';
type Panel = 'group' | 'client' | 'noVendProfile' | 'qr' | null;

/** What each confirmed action asks and tells (spec §4: hide/undo hide, reset, delete, each after confirmation). */
const CONFIRM: Record<Confirmable, { titleId: string; messageId: string; confirmId: string; successId: string }> = {
  hide: { titleId: 'devices.hide.confirmTitle', messageId: 'devices.hide.confirmMessage', confirmId: 'devices.hide.action', successId: 'devices.hidden' },
  undoHide: {
    titleId: 'devices.undoHide.confirmTitle',
    messageId: 'devices.undoHide.confirmMessage',
    confirmId: 'devices.undoHide.action',
    successId: 'devices.unhidden',
  },
  reset: {
    titleId: 'devices.reset.confirmTitle',
    messageId: 'devices.reset.confirmMessage',
    confirmId: 'devices.reset.action',
    successId: 'devices.resetDone',
  },
  delete: {
    titleId: 'devices.delete.confirmTitle',
    messageId: 'devices.delete.confirmMessage',
    confirmId: 'devices.delete.action',
    successId: 'devices.deleted',
  },
};

/** The machine's actions: hide or undo hide, reset, delete (confirmed), group and client association, QR code. */
export function DeviceActions({ pos }: { pos: PointOfSale }) {
  // Each action is offered to who may call its route.
  const may = {
    hide: useMayCall('pos.hide'),
    undoHide: useMayCall('pos.unhide'),
    reset: useMayCall('pos.reset'),
    delete: useMayCall('pos.delete'),
    group: useMayCall('pos.associateGroup'),
    client: useMayCall('pos.associateClient'),
    noVendProfile: useMayCall('pos.associateNoVendProfile'),
  };
  const navigate = useNavigate();
  const { showToast } = useToast();
  const [confirming, setConfirming] = useState<Confirmable | null>(null);
  const [busy, setBusy] = useState<Confirmable | null>(null);
  const [panel, setPanel] = useState<Panel>(null);

  async function run(action: Confirmable) {
    setConfirming(null);
    setBusy(action);
    try {
      if (action === 'hide' || action === 'undoHide') await setPosHidden(pos.serial, action === 'hide');
      else if (action === 'reset') await resetPos(pos.serial);
      else await deletePos(pos.serial);
      showToast({ kind: 'success', messageId: CONFIRM[action].successId });
      if (action === 'delete') navigate('/devices/list', { replace: true });
    } catch (error) {
      showToast({ kind: 'error', messageId: deviceErrorMessageId(error) });
    } finally {
      setBusy(null);
    }
  }

  const togglePanel = (next: Exclude<Panel, null>) => setPanel((p) => (p === next ? null : next));
  const button = (action: Confirmable, labelId: string, className = 'button button--secondary') => (
    <button type="button" className={className} onClick={() => setConfirming(action)} disabled={busy !== null} data-testid={`device-${action}`}>
      {busy === action ? <Spinner size="small" /> : <FormattedMessage id={labelId} />}
    </button>
  );
  const panelButton = (which: Exclude<Panel, null>, labelId: string) => (
    <button
      type="button"
      className="button button--secondary"
      onClick={() => togglePanel(which)}
      aria-expanded={panel === which}
      data-testid={`device-panel-${which}`}
    >
      <FormattedMessage id={labelId} />
    </button>
  );
  const dialog = confirming ? CONFIRM[confirming] : CONFIRM.hide;

  return (
    <>
      <div className="device-actions" data-testid="device-actions">
        {pos.hidden ? may.undoHide && button('undoHide', 'devices.undoHide.action') : may.hide && button('hide', 'devices.hide.action')}
        {may.reset && button('reset', 'devices.reset.action')}
        {may.group && panelButton('group', 'devices.associateGroup.action')}
        {may.client && panelButton('client', 'devices.associateClient.action')}
        {may.noVendProfile && panelButton('noVendProfile', 'noVendProfiles.associate.action')}
        {panelButton('qr', 'devices.qr.action')}
        {may.delete && button('delete', 'devices.delete.action', 'button button--danger')}
      </div>
      {panel === 'group' && <AssociatePanel kind="group" pos={pos} onDone={() => setPanel(null)} />}
      {panel === 'client' && <AssociatePanel kind="client" pos={pos} onDone={() => setPanel(null)} />}
      {panel === 'noVendProfile' && <AssociatePanel kind="noVendProfile" pos={pos} onDone={() => setPanel(null)} />}
      {panel === 'qr' && <QrCodePanel serial={pos.serial} />}
      <ConfirmDialog
        open={confirming !== null}
        titleId={dialog.titleId}
        messageId={dialog.messageId}
        confirmId={dialog.confirmId}
        cancelId="devices.cancel"
        onConfirm={() => confirming && void run(confirming)}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}
