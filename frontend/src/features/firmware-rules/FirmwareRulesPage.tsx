import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { FirmwareRule } from '#schemas/firmware-rule';
import { ActionButton } from '../../components/ActionButton';
import { DataTable } from '../../components/data-table/DataTable';
import { useDataTable, type Column } from '../../components/data-table/use-data-table';
import { useOneAtATime } from '../../components/one-at-a-time';
import { Page } from '../../components/Page';
import { ForOneMerchant } from '../../components/states';
import { useMayCall } from '../../components/use-may-call';
import { formatDateTime } from '../../lib/format';
import { useCurrentMerchant } from '../../lib/resources/use-current-merchant';
import { useRulePage } from './api/get-rule-page';
import { changeRule } from './api/save-rule';
import { RolloutProgress } from './components/RolloutProgress';
import { RuleForm } from './components/RuleForm';
import { ruleErrorMessageId } from './messages';

const DEFAULT_SORT = { ord: 'createdAt', ordType: 'desc' } as const;
const PAST = { pause: 'paused', resume: 'resumed', cancel: 'cancelled' } as const;

/** /devices/firmware-rules (FIRMWARE_UPDATE): the merchant's firmware rules and their progress; admins create, pause, resume and cancel. */
export function FirmwareRulesPage() {
  const { merchantId, merchants } = useCurrentMerchant();
  return (
    <Page title={<FormattedMessage id="firmwareRules.title" />} testId="firmware-rules-page">
      <ForOneMerchant merchants={merchants} merchantId={merchantId} chooseMessageId="firmwareRules.chooseMerchant">
        {(merchantId) => <Rules key={merchantId} merchantId={merchantId} />}
      </ForOneMerchant>
    </Page>
  );
}

function RuleActions({ merchantId, rule }: { merchantId: string; rule: FirmwareRule }) {
  const actions = useOneAtATime();
  const button = (action: 'pause' | 'resume' | 'cancel') => (
    <ActionButton
      key={action}
      action={action}
      actions={actions}
      call={() => changeRule(merchantId, rule.id, action)}
      labelId={`firmwareRules.action.${action}`}
      successMessageId={`firmwareRules.${PAST[action]}`}
      errorMessageId={ruleErrorMessageId}
      testId={`rule-${action}`}
    />
  );
  const live = rule.status === 'scheduled' || rule.status === 'running';
  return (
    <span className="row-actions">
      {live && button('pause')}
      {rule.status === 'paused' && button('resume')}
      {(live || rule.status === 'paused') && button('cancel')}
    </span>
  );
}

function Rules({ merchantId }: { merchantId: string }) {
  const intl = useIntl();
  const mayChange = useMayCall('firmwareRules.create');
  const [creating, setCreating] = useState(false);
  // The rule whose waves and machines are shown under the list.
  const [watched, setWatched] = useState<string | undefined>(undefined);
  const columns = useMemo<Column<FirmwareRule>[]>(() => {
    const message = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
    const targetOf = (r: FirmwareRule) =>
      r.target.kind === 'group'
        ? message('firmwareRules.target.groupOf', { group: r.target.groupId })
        : r.target.kind === 'machines'
          ? message('firmwareRules.target.machinesOf', { count: r.target.serials.length })
          : message('firmwareRules.target.deviceTypeOf', { deviceType: r.deviceType });
    const progress = (r: FirmwareRule) => {
      const total = Object.values(r.counts).reduce((a, b) => a + (b ?? 0), 0);
      return message('firmwareRules.progressOf', { updated: r.counts.updated ?? 0, failed: (r.counts.failed ?? 0) + (r.counts.timedOut ?? 0), total });
    };
    return [
      { id: 'createdAt', messageId: 'firmwareRules.field.createdAt', ord: 'createdAt', value: (r) => formatDateTime(r.createdAt, intl.locale) },
      { id: 'firmware', messageId: 'firmwareRules.field.firmware', value: (r) => `${r.deviceType} ${r.version}` },
      { id: 'target', messageId: 'firmwareRules.field.target', value: targetOf },
      { id: 'startAt', messageId: 'firmwareRules.field.startAt', value: (r) => formatDateTime(r.startAt, intl.locale) },
      {
        id: 'waves',
        messageId: 'firmwareRules.field.wavesKind',
        value: (r) =>
          r.waves.kind === 'count' ? message('firmwareRules.wavesOf', { count: r.waves.count }) : message('firmwareRules.rateOf', { perHour: r.waves.perHour }),
      },
      {
        id: 'limits',
        messageId: 'firmwareRules.field.limits',
        value: (r) =>
          message('firmwareRules.limitsOf', { percent: r.failureThresholdPercent, min: r.minMachines, minutes: Math.round(r.machineTimeoutSeconds / 60) }),
      },
      {
        id: 'status',
        messageId: 'firmwareRules.field.status',
        value: (r) => message(`firmwareRules.status.${r.status}`),
        render: (r) => <span data-rule-status={r.status}>{message(`firmwareRules.status.${r.status}`)}</span>,
      },
      {
        id: 'progress',
        messageId: 'firmwareRules.field.progress',
        value: progress,
        render: (r) => (
          <button type="button" className="button button--secondary" onClick={() => setWatched(r.id)} data-testid="rule-progress">
            {progress(r)}
          </button>
        ),
      },
      ...(mayChange
        ? [
            {
              id: 'actions',
              messageId: 'firmwareRules.field.actions',
              value: () => '',
              render: (r: FirmwareRule) => <RuleActions merchantId={merchantId} rule={r} />,
            },
          ]
        : []),
    ];
  }, [intl, mayChange, merchantId]);
  const table = useDataTable({ tableId: 'firmware-rules', columns, defaultSort: DEFAULT_SORT });
  const page = useRulePage(merchantId, table.query);
  return (
    <>
      {mayChange && (
        <div className="page__toolbar">
          <button type="button" className="button button--primary" onClick={() => setCreating((c) => !c)} data-testid="rule-create">
            <FormattedMessage id={creating ? 'firmwareRules.create.close' : 'firmwareRules.create.action'} />
          </button>
        </div>
      )}
      {creating && <RuleForm merchantId={merchantId} onCreated={() => setCreating(false)} />}
      <DataTable table={table} result={page} rowKey={(r) => r.id} emptyMessageId="firmwareRules.empty" errorMessageId={ruleErrorMessageId} />
      {watched && <RolloutProgress key={watched} merchantId={merchantId} ruleId={watched} onClose={() => setWatched(undefined)} />}
    </>
  );
}
