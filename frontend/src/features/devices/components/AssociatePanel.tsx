import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { PointOfSale } from '#schemas/pos';
import { SelectField } from '../../../components/form/fields';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { Spinner } from '../../../components/Spinner';
import { useToast } from '../../../components/toasts';
import { useMerchantClients } from '../../../lib/resources/get-merchant-clients';
import { useGroupsOfMerchants } from '../../../lib/resources/get-merchant-groups';
import { useMerchantNoVendProfiles } from '../../../lib/resources/get-merchant-no-vend-profiles';
import { associateClient } from '../api/associate-client';
import { associateGroup } from '../api/associate-group';
import { associateNoVendProfile } from '../api/associate-no-vend-profile';
import { deviceErrorMessageId } from '../messages';

const NONE = '';

type Kind = 'group' | 'client' | 'noVendProfile';

/** The messages of each association. */
const MESSAGES: Record<Kind, { none: string; done: string; title: string; field: string }> = {
  group: { none: 'devices.associateGroup.none', done: 'devices.associateGroup.done', title: 'devices.associateGroup.title', field: 'devices.field.group' },
  client: { none: 'devices.associateClient.none', done: 'devices.associateClient.done', title: 'devices.associateClient.title', field: 'devices.field.client' },
  noVendProfile: {
    none: 'noVendProfiles.associate.none',
    done: 'noVendProfiles.associate.done',
    title: 'noVendProfiles.associate.title',
    field: 'devices.field.noVendProfile',
  },
};

/** Moves the machine to one of its merchant's groups, clients or no-vend profiles (or to none). */
export function AssociatePanel({ kind, pos, onDone }: { kind: Kind; pos: PointOfSale; onDone: () => void }) {
  const intl = useIntl();
  const { showToast } = useToast();
  const groups = useGroupsOfMerchants(kind === 'group' ? [pos.merchantId] : []);
  const clients = useMerchantClients(kind === 'client' ? pos.merchantId : null);
  const profiles = useMerchantNoVendProfiles(kind === 'noVendProfile' ? pos.merchantId : null);
  const current = (kind === 'group' ? pos.groupId : kind === 'client' ? pos.clientId : pos.noVendProfileId) ?? NONE;
  const [value, setValue] = useState(current);
  const [saving, setSaving] = useState(false);
  const messages = MESSAGES[kind];

  const loaded = kind === 'group' ? groups.data?.[pos.merchantId] : kind === 'client' ? clients.data : profiles.data;
  const options = [{ value: NONE, label: intl.formatMessage({ id: messages.none }) }, ...(loaded ?? []).map((item) => ({ value: item.id, label: item.name }))];

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      const id = value === NONE ? null : value;
      if (kind === 'group') await associateGroup(pos.serial, id);
      else if (kind === 'client') await associateClient(pos.serial, id);
      else await associateNoVendProfile(pos.serial, id);
      showToast({ kind: 'success', messageId: messages.done });
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
        <FormattedMessage id={messages.title} />
      </h2>
      {loaded === undefined ? (
        <Spinner size="small" />
      ) : (
        <SelectField name={kind} labelId={messages.field} value={value} onChange={setValue} options={options} />
      )}
      <div className="form__actions">
        <SubmitButton labelId="devices.associate.submit" busy={saving} testId={`device-associate-${kind}-submit`} />
      </div>
    </form>
  );
}
