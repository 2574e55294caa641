import { useCallback, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { ALARM_CATEGORIES, ALARM_CRITICITIES, ALARM_STATUS_FILTERS, type Alarm } from '#schemas/alarm';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DataTable } from '../../../components/data-table/DataTable';
import { SelectFilter } from '../../../components/data-table/SelectFilter';
import { useDataTable, type Column } from '../../../components/data-table/use-data-table';
import { DateRangeFilter } from '../../../components/data-table/DateRangeFilter';
import { Spinner } from '../../../components/Spinner';
import { useToast } from '../../../components/toasts';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useMerchantMachines } from '../../../lib/resources/get-merchant-machines';
import { deleteAlarm } from '../api/delete-alarm';
import { exportAlarmsCsv } from '../api/export-alarms-csv';
import { useAlarmPage, type AlarmScope } from '../api/get-alarm-page';
import { repairAlarm } from '../api/repair-alarm';
import { CATEGORY_MESSAGES, CRITICITY_MESSAGES, CRITICITY_TONE, isOpen, STATUS_FILTER_MESSAGES, STATUS_MESSAGES, STATUS_TONE } from '../alarm-labels';
import { alarmErrorMessageId } from '../messages';
import { TroubleshootingCode } from './Troubleshooting';
import { useMayCall } from '../../../components/use-may-call';

const DEFAULT_SORT = { ord: 'createdAt', ordType: 'desc' } as const;

/** Repair (open alarms, every role) and delete after confirmation (not merchant users). */
function AlarmActions({ alarm, canDelete }: { alarm: Alarm; canDelete: boolean }) {
  const { showToast } = useToast();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const run = async (action: () => Promise<unknown>, doneId: string) => {
    setBusy(true);
    try {
      await action();
      showToast({ kind: 'success', messageId: doneId });
    } catch (error) {
      showToast({ kind: 'error', messageId: alarmErrorMessageId(error) });
    } finally {
      setBusy(false);
    }
  };
  if (busy) return <Spinner size="small" />;
  return (
    <span className="alarm-actions">
      {isOpen(alarm.status) && (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void run(() => repairAlarm(alarm.serial, alarm.id), 'alarms.repaired')}
          data-testid="alarm-repair"
        >
          <FormattedMessage id="alarms.repair" />
        </button>
      )}
      {canDelete && (
        <>
          <button type="button" className="button button--danger" onClick={() => setConfirming(true)} data-testid="alarm-delete">
            <FormattedMessage id="alarms.delete.action" />
          </button>
          {confirming && (
            <ConfirmDialog
              open
              titleId="alarms.delete.confirmTitle"
              messageId="alarms.delete.confirmMessage"
              confirmId="alarms.delete.confirm"
              cancelId="alarms.cancel"
              onConfirm={() => {
                setConfirming(false);
                void run(() => deleteAlarm(alarm.serial, alarm.id), 'alarms.deleted');
              }}
              onCancel={() => setConfirming(false)}
            />
          )}
        </>
      )}
    </span>
  );
}

/** The shared alarms table of /alarms (a merchant's) and a machine's alarms tab: filters, CSV, auto-refresh, actions. */
export function AlarmsTable({ scope, tableId }: { scope: AlarmScope; tableId: string }) {
  const intl = useIntl();
  const canDelete = useMayCall('alarms.delete');
  const perMachine = 'serial' in scope;

  const columns = useMemo<Column<Alarm>[]>(() => {
    const format = (id: string) => intl.formatMessage({ id });
    const date = (value: string | null) => formatDateTime(value, intl.locale);
    return [
      { id: 'createdAt', messageId: 'alarms.field.createdAt', ord: 'createdAt', value: (a) => date(a.createdAt) },
      ...(perMachine
        ? []
        : [
            {
              id: 'device',
              messageId: 'alarms.field.device',
              value: (a: Alarm) => `${a.posName} · ${a.serial}`,
              render: (a: Alarm) => (
                <Link to={`/devices/${encodeURIComponent(a.serial)}/pos-alarms`} data-testid="alarm-device-link">
                  {a.posName || a.serial}
                </Link>
              ),
            },
          ]),
      { id: 'code', messageId: 'alarms.field.code', value: (a) => a.code, render: (a) => <TroubleshootingCode code={a.code} /> },
      { id: 'message', messageId: 'alarms.field.message', value: (a) => a.message },
      {
        id: 'status',
        messageId: 'alarms.field.status',
        value: (a) => format(STATUS_MESSAGES[a.status]),
        render: (a) => (
          <span className={`badge badge--${STATUS_TONE[a.status]}`} data-alarm-status={a.status}>
            <FormattedMessage id={STATUS_MESSAGES[a.status]} />
          </span>
        ),
      },
      {
        id: 'criticity',
        messageId: 'alarms.field.criticity',
        value: (a) => format(CRITICITY_MESSAGES[a.criticity as 0] ?? String(a.criticity)),
        render: (a) => (
          <span className={`badge badge--${CRITICITY_TONE[a.criticity] ?? 'neutral'}`}>
            <FormattedMessage id={CRITICITY_MESSAGES[a.criticity as 0] ?? 'alarms.criticity.2'} />
          </span>
        ),
      },
      { id: 'category', messageId: 'alarms.field.category', value: (a) => format(CATEGORY_MESSAGES[a.category]) },
      { id: 'detail', messageId: 'alarms.field.detail', value: (a) => a.detail },
      {
        id: 'remainingCycles',
        messageId: 'alarms.field.remainingCycles',
        value: (a) => (a.remainingCycles === null ? '' : formatNumber(a.remainingCycles, intl.locale)),
      },
      { id: 'occurrences', messageId: 'alarms.field.occurrences', value: (a) => formatNumber(a.occurrences, intl.locale) },
      { id: 'lastSeenAt', messageId: 'alarms.field.lastSeenAt', value: (a) => date(a.lastSeenAt) },
      { id: 'repairedAt', messageId: 'alarms.field.repairedAt', value: (a) => date(a.repairedAt) },
      { id: 'repairedBy', messageId: 'alarms.field.repairedBy', value: (a) => a.repairedBy ?? '' },
      { id: 'actions', messageId: 'alarms.field.actions', value: () => '', render: (a) => <AlarmActions alarm={a} canDelete={canDelete} /> },
    ];
  }, [intl, perMachine, canDelete]);

  const table = useDataTable({ tableId, columns, defaultSort: DEFAULT_SORT });
  const machines = useMerchantMachines('merchantId' in scope ? scope.merchantId : null);
  const machineOptions = (machines.data ?? []).map((m) => ({ value: m.serial, label: `${m.name} · ${m.serial}` }));
  const page = useAlarmPage(scope, table.query);
  const { query } = table;
  const exportFile = useCallback(() => exportAlarmsCsv(scope, query), [scope, query]);
  const options = <K extends string | number>(values: readonly K[], messages: Record<K, string>) =>
    values.map((v) => ({ value: String(v), label: intl.formatMessage({ id: messages[v] }) }));

  return (
    <DataTable
      table={table}
      result={page}
      rowKey={(a) => a.id}
      emptyMessageId="alarms.list.empty"
      exportFile={exportFile}
      errorMessageId={alarmErrorMessageId}
      filters={
        <>
          <SelectFilter
            table={table}
            field="status"
            messageId="alarms.field.status"
            allLabel={intl.formatMessage({ id: 'alarms.filter.all' })}
            options={options(
              ALARM_STATUS_FILTERS.filter((s) => s !== 'all'),
              STATUS_FILTER_MESSAGES,
            )}
          />
          <SelectFilter
            table={table}
            field="category"
            messageId="alarms.field.category"
            allLabel={intl.formatMessage({ id: 'alarms.filter.allCategories' })}
            options={options(ALARM_CATEGORIES, CATEGORY_MESSAGES)}
          />
          <SelectFilter
            table={table}
            field="criticity"
            messageId="alarms.field.criticity"
            allLabel={intl.formatMessage({ id: 'alarms.filter.allCriticities' })}
            options={options(ALARM_CRITICITIES, CRITICITY_MESSAGES)}
          />
          {!perMachine && (
            <SelectFilter
              table={table}
              field="serial"
              messageId="alarms.field.device"
              allLabel={intl.formatMessage({ id: 'alarms.filter.allDevices' })}
              options={machineOptions}
            />
          )}
          <DateRangeFilter table={table} testId="history-range" optional />
        </>
      }
    />
  );
}
