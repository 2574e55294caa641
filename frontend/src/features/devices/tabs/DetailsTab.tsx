import type { FormEvent, ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import { NETWORK_TYPES, PosUpdate, type PointOfSale } from '#schemas/pos';
import { FieldList } from '../../../components/FieldList';
import { SelectField, TextField } from '../../../components/form/fields';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { useDraft } from '../../../components/form/use-draft';
import { useFormSubmit } from '../../../components/form/use-form-submit';
import { Loaded } from '../../../components/states';
import { useMayCall } from '../../../components/use-may-call';
import { useFormat } from '../../../lib/format';
import { useMerchantClients } from '../../../lib/resources/get-merchant-clients';
import { useMerchantPlanograms, revalidateMerchantPlanograms } from '../../../lib/resources/get-merchant-planograms';
import { useGroupsOfMerchants } from '../../../lib/resources/get-merchant-groups';
import { usePos } from '../api/get-pos';
import { updatePos } from '../api/update-pos';
import { LicensePanel } from '../components/LicensePanel';
import { DEVICE_FORM_MESSAGES, deviceErrorMessageId } from '../messages';
import { CONNECTION_MESSAGES, STATUS_MESSAGES } from '../pos-labels';

/** /devices/{serial}/details: every field of the machine; name, network type, warranty and planogram editable by non-merchant-users. */
export function DetailsTab() {
  const serial = useParams().id ?? '';
  const pos = usePos(serial);
  const canManage = useMayCall('pos.update');
  const readsGroups = useMayCall('groups.list');
  return (
    <Loaded result={pos} errorMessageId={deviceErrorMessageId}>
      {(p) => (
        <div className="device-details" data-testid="device-details">
          {canManage && <DeviceForm key={p.updatedAt} pos={p} />}
          <DeviceFields pos={p} readsGroups={readsGroups} />
          <LicensePanel pos={p} />
        </div>
      )}
    </Loaded>
  );
}

interface DeviceDraft {
  name: string;
  networkType: string;
  warrantyEnd: string;
  planogramId: string;
}

const NO_NETWORK = '';
const NO_PLANOGRAM = '';

function DeviceForm({ pos }: { pos: PointOfSale }) {
  const intl = useIntl();
  const { errors, saving, submit } = useFormSubmit(PosUpdate, 'devices.updated', DEVICE_FORM_MESSAGES);
  const { draft, field } = useDraft<DeviceDraft>(
    { name: pos.name, networkType: pos.networkType ?? NO_NETWORK, warrantyEnd: pos.warrantyEnd?.slice(0, 10) ?? '', planogramId: pos.planogramId ?? '' },
    errors,
  );
  const networkOptions = [
    { value: NO_NETWORK, label: intl.formatMessage({ id: 'devices.networkType.none' }) },
    ...NETWORK_TYPES.map((t) => ({ value: t, label: t })),
  ];
  const planograms = useMerchantPlanograms(pos.merchantId);
  const planogramOptions = [
    { value: NO_PLANOGRAM, label: intl.formatMessage({ id: 'devices.planogram.none' }) },
    ...(planograms.data ?? []).map((p) => ({ value: p.id, label: p.name })),
    // Until the list has loaded, the current one keeps its place.
    ...(pos.planogramId && !planograms.data ? [{ value: pos.planogramId, label: pos.planogramId }] : []),
  ];

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = {
      name: draft.name,
      networkType: draft.networkType === NO_NETWORK ? null : draft.networkType,
      warrantyEnd: draft.warrantyEnd === '' ? null : draft.warrantyEnd,
      planogramId: draft.planogramId === NO_PLANOGRAM ? null : draft.planogramId,
    };
    // The planograms' machine counts moved.
    void submit(body, (input) => updatePos(pos.serial, input).then(() => revalidateMerchantPlanograms()));
  }

  return (
    <form className="card form" onSubmit={onSubmit} noValidate data-testid="device-form">
      <h2>
        <FormattedMessage id="devices.edit.title" />
      </h2>
      <div className="form-grid">
        <TextField {...field('name')} labelId="devices.field.name" />
        <SelectField {...field('networkType')} labelId="devices.field.networkType" options={networkOptions} />
        <TextField {...field('warrantyEnd')} labelId="devices.field.warrantyEnd" type="date" />
        <SelectField {...field('planogramId')} labelId="devices.field.planogram" options={planogramOptions} />
      </div>
      <div className="form__actions">
        <SubmitButton labelId="devices.save" busy={saving} testId="device-submit" />
      </div>
    </form>
  );
}

function DeviceFields({ pos, readsGroups }: { pos: PointOfSale; readsGroups: boolean }) {
  const intl = useIntl();
  const groups = useGroupsOfMerchants(readsGroups && pos.groupId ? [pos.merchantId] : []);
  const clients = useMerchantClients(pos.clientId ? pos.merchantId : null);
  const planograms = useMerchantPlanograms(pos.planogramId ? pos.merchantId : null);
  const planogramName = pos.planogramId ? (planograms.data?.find((p) => p.id === pos.planogramId)?.name ?? pos.planogramId) : '';
  const groupName = pos.groupId ? (groups.data?.[pos.merchantId]?.find((g) => g.id === pos.groupId)?.name ?? pos.groupId) : '';
  const clientName = pos.clientId ? (clients.data?.find((c) => c.id === pos.clientId)?.name ?? pos.clientId) : '';
  const format = useFormat();
  const yesNo = (on: boolean) => intl.formatMessage({ id: on ? 'devices.yes' : 'devices.no' });

  const rows: [string, string, ReactNode][] = [
    ['serial', 'devices.field.serial', pos.serial],
    ['name', 'devices.field.name', pos.name],
    ['deviceType', 'devices.field.deviceType', pos.deviceType],
    ['networkType', 'devices.field.networkType', pos.networkType ?? ''],
    ['board', 'devices.field.board', pos.board],
    ['modem', 'devices.field.modem', pos.modem],
    ['simIccid', 'devices.field.simIccid', pos.simIccid],
    ['simImsi', 'devices.field.simImsi', pos.simImsi],
    ['simOperator', 'devices.field.simOperator', pos.simOperator],
    ['imei', 'devices.field.imei', pos.imei],
    ['macs', 'devices.field.macs', intl.formatList(pos.macs, { type: 'unit' })],
    ['publicIp', 'devices.field.publicIp', pos.publicIp],
    ['firmware', 'devices.field.firmware', pos.firmwareVersion],
    ['telemetryBoard', 'devices.field.telemetryBoard', pos.telemetryBoard],
    ['lastAudit', 'devices.field.lastAudit', format.dateTime(pos.lastAuditAt)],
    ['lastSale', 'devices.field.lastSale', format.dateTime(pos.lastSaleAt)],
    ['lastPing', 'devices.field.lastPing', format.dateTime(pos.lastPingAt)],
    ['signal', 'devices.field.signal', pos.signalLevel === null ? '' : format.percent(pos.signalLevel)],
    ['temperature', 'devices.field.temperature', pos.temperature === null ? '' : format.celsius(pos.temperature)],
    ['connection', 'devices.field.connection', intl.formatMessage({ id: CONNECTION_MESSAGES[pos.connection] })],
    ['status', 'devices.field.status', intl.formatMessage({ id: STATUS_MESSAGES[pos.status] })],
    ['hidden', 'devices.field.hidden', yesNo(pos.hidden)],
    ['warrantyEnd', 'devices.field.warrantyEnd', format.date(pos.warrantyEnd)],
    ['client', 'devices.field.client', clientName],
    ['group', 'devices.field.group', groupName],
    ['planogram', 'devices.field.planogram', planogramName],
    ['noVendProfile', 'devices.field.noVendProfile', pos.noVendProfileId ?? ''],
    ['manageStock', 'devices.field.manageStock', yesNo(pos.manageStock)],
    ['createdAt', 'devices.field.createdAt', format.dateTime(pos.createdAt)],
    ['updatedAt', 'devices.field.updatedAt', format.dateTime(pos.updatedAt)],
  ];
  return (
    <section className="card">
      <FieldList rows={rows} testId="device-fields" />
    </section>
  );
}
