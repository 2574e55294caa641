import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { PointOfSale } from '../../../../../schemas/pos';
import { SelectField } from '../../../components/form/fields';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { Spinner } from '../../../components/Spinner';
import { useToast } from '../../../components/toasts';
import { useMerchantClients } from '../../../lib/resources/get-merchant-clients';
import { useGroupsOfMerchants } from '../../../lib/resources/get-merchant-groups';
import { associateClient } from '../api/associate-client';
import { associateGroup } from '../api/associate-group';
import { deviceErrorMessageId } from '../messages';

const NONE = '';

/** Moves the machine to one of its merchant's groups or clients (or to none). */
export function AssociatePanel({ kind, pos, onDone }: { kind: 'group' | 'client'; pos: PointOfSale; onDone: () => void }) {
  const intl = useIntl();
  const { showToast } = useToast();
  const groups = useGroupsOfMerchants(kind === 'group' ? [pos.merchantId] : []);
  const clients = useMerchantClients(kind === 'client' ? pos.merchantId : null);
  const current = (kind === 'group' ? pos.groupId : pos.clientId) ?? NONE;
  const [value, setValue] = useState(current);
  const [saving, setSaving] = useState(false);

  const loaded = kind === 'group' ? groups.data?.[pos.merchantId] : clients.data;
  const options = [
    { value: NONE, label: intl.formatMessage({ id: kind === 'group' ? 'devices.associateGroup.none' : 'devices.associateClient.none' }) },
    ...(loaded ?? []).map((item) => ({ value: item.id, label: item.name })),
  ];

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      const id = value === NONE ? null : value;
      if (kind === 'group') await associateGroup(pos.serial, id);
      else await associateClient(pos.serial, id);
      showToast({ kind: 'success', messageId: kind === 'group' ? 'devices.associateGroup.done' : 'devices.associateClient.done' });
      onDone();
    } catch (error) {
      showToast({ kind: 'error', messageId: deviceErrorMessageId(error) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="card form device-panel" onSubmit={onSubmit} data-testid={`device-associate-${kind}`}>
      <h2>
        <FormattedMessage id={kind === 'group' ? 'devices.associateGroup.title' : 'devices.associateClient.title'} />
      </h2>
      {loaded === undefined ? (
        <Spinner size="small" />
      ) : (
        <SelectField name={kind} labelId={kind === 'group' ? 'devices.field.group' : 'devices.field.client'} value={value} onChange={setValue} options={options} />
      )}
      <div className="form__actions">
        <SubmitButton labelId="devices.associate.submit" busy={saving} testId={`device-associate-${kind}-submit`} />
      </div>
    </form>
  );
}
