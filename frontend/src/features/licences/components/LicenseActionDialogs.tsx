import { useState } from 'react';
import { useIntl } from 'react-intl';
import { UNASSIGN_CASES, type License } from '#schemas/licence';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FormDialog } from '../../../components/FormDialog';
import { SelectField, TextField } from '../../../components/form/fields';
import { useToast } from '../../../components/toasts';
import { useMerchantClients } from '../../../lib/resources/get-merchant-clients';
import { changeLicenseClient } from '../api/change-license-client';
import { sendLicense } from '../api/send-license';
import { unassignLicense } from '../api/unassign-license';
import { licenceErrorMessageId, UNASSIGN_MESSAGES } from '../messages';

export type LicenseAction = { kind: 'send' | 'changeClient' | 'unassign'; license: License } | null;

/** Runs a call with the busy state, the success toast and the error's message. */
function useCall(onDone: () => void) {
  const { showToast } = useToast();
  const [busy, setBusy] = useState(false);
  return {
    busy,
    run: async (call: () => Promise<unknown>, successMessageId: string) => {
      setBusy(true);
      try {
        await call();
        showToast({ kind: 'success', messageId: successMessageId });
        onDone();
      } catch (error) {
        showToast({ kind: 'error', messageId: licenceErrorMessageId(error) });
      } finally {
        setBusy(false);
      }
    },
  };
}

/** The confirmations and forms of a licence's actions: send, change client, unassign. */
export function LicenseActionDialogs({ merchantId, action, onClose }: { merchantId: string; action: LicenseAction; onClose: () => void }) {
  const license = action?.license;
  const { run } = useCall(onClose);
  return (
    <>
      <ConfirmDialog
        open={action?.kind === 'send'}
        titleId="licence.send.title"
        messageId="licence.send.message"
        messageValues={{ email: license?.email ?? '', machine: license ? `${license.posName} · ${license.serial}` : '' }}
        confirmId="licence.action.send"
        cancelId="common.cancel"
        onConfirm={() => void run(() => sendLicense(license!.serial), 'licence.sent')}
        onCancel={onClose}
      />
      {action?.kind === 'changeClient' && <ChangeClientDialog merchantId={merchantId} license={action.license} onClose={onClose} />}
      {action?.kind === 'unassign' && <UnassignDialog license={action.license} onClose={onClose} />}
    </>
  );
}

function ChangeClientDialog({ merchantId, license, onClose }: { merchantId: string; license: License; onClose: () => void }) {
  const intl = useIntl();
  const clients = useMerchantClients(merchantId);
  const [clientId, setClientId] = useState('');
  const [organisation, setOrganisation] = useState(license.organisation);
  const [email, setEmail] = useState('');
  const { busy, run } = useCall(onClose);
  const valid = clientId !== '' && organisation.trim() !== '' && /^\S+@\S+\.\S+$/.test(email);
  return (
    <FormDialog
      open
      titleId="licence.changeClient.title"
      titleValues={{ machine: `${license.posName} · ${license.serial}` }}
      submitLabelId="licence.action.changeClient"
      busy={busy}
      submitDisabled={!valid}
      onSubmit={() => void run(() => changeLicenseClient({ serial: license.serial, clientId, organisation, email }), 'licence.clientChanged')}
      onCancel={onClose}
      testId="change-license-client"
    >
      <SelectField
        name="clientId"
        labelId="licence.field.client"
        value={clientId}
        onChange={setClientId}
        placeholder={intl.formatMessage({ id: 'licence.form.choose' })}
        options={(clients.data ?? []).filter((c) => c.id !== license.client.clientId).map((c) => ({ value: c.id, label: c.name }))}
      />
      <TextField name="organisation" labelId="licence.field.organisation" value={organisation} onChange={setOrganisation} />
      <TextField name="email" type="email" labelId="licence.field.email" value={email} onChange={setEmail} />
    </FormDialog>
  );
}

function UnassignDialog({ license, onClose }: { license: License; onClose: () => void }) {
  const intl = useIntl();
  const [unassignCase, setCase] = useState('0');
  const { busy, run } = useCall(onClose);
  return (
    <FormDialog
      open
      titleId="licence.unassign.title"
      titleValues={{ machine: `${license.posName} · ${license.serial}` }}
      submitLabelId="licence.action.unassign"
      busy={busy}
      onSubmit={() => void run(() => unassignLicense(license.serial, Number(unassignCase)), 'licence.unassigned')}
      onCancel={onClose}
      testId="unassign-license"
    >
      <SelectField
        name="case"
        labelId="licence.field.unassignCase"
        value={unassignCase}
        onChange={setCase}
        options={UNASSIGN_CASES.map((c) => ({ value: String(c), label: intl.formatMessage({ id: UNASSIGN_MESSAGES[c]! }) }))}
      />
    </FormDialog>
  );
}
