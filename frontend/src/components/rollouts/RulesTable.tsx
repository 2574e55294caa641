import { useMemo, useState } from 'react';
import type * as z from 'zod/mini';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatDateTime } from '../../lib/format';
import { ActionButton } from '../ActionButton';
import { DataTable } from '../data-table/DataTable';
import { useDataTable, type Column } from '../data-table/use-data-table';
import { useOneAtATime } from '../one-at-a-time';
import { useMayCall } from '../use-may-call';
import type { RuleKindView, RuleRow } from './rule-kind';
import { RuleForm } from './RuleForm';

const DEFAULT_SORT = { ord: 'createdAt', ordType: 'desc' } as const;
const PAST = { pause: 'paused', resume: 'resumed', cancel: 'cancelled' } as const;

function RuleActions<S extends z.ZodMiniType, R extends RuleRow>({ kind, merchantId, rule }: { kind: RuleKindView<S, R>; merchantId: string; rule: R }) {
  const actions = useOneAtATime();
  const button = (action: 'pause' | 'resume' | 'cancel') => (
    <ActionButton
      key={action}
      action={action}
      actions={actions}
      call={() => kind.change(merchantId, rule.id, action)}
      labelId={`rollouts.action.${action}`}
      successMessageId={`rollouts.${PAST[action]}`}
      errorMessageId={kind.errorMessageId}
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

/** A merchant's rules of a kind and their progress; who may create them also creates, pauses, resumes and cancels. */
export function RulesTable<S extends z.ZodMiniType, R extends RuleRow>({ kind, merchantId }: { kind: RuleKindView<S, R>; merchantId: string }) {
  const intl = useIntl();
  const mayChange = useMayCall(kind.createRoute);
  const [creating, setCreating] = useState(false);
  // The rule whose waves and machines are shown under the list.
  const [watched, setWatched] = useState<string | undefined>(undefined);
  const { Progress } = kind;
  const columns = useMemo<Column<R>[]>(() => {
    const message = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
    const targetOf = (r: R) =>
      r.target.kind === 'group'
        ? message('rollouts.target.groupOf', { group: r.target.groupId })
        : r.target.kind === 'machines'
          ? message('rollouts.target.machinesOf', { count: r.target.serials.length })
          : message('rollouts.target.deviceTypeOf', { deviceType: r.deviceType });
    const progress = (r: R) => {
      const total = Object.values(r.counts).reduce<number>((a, b) => a + (b ?? 0), 0);
      return message('rollouts.progressOf', { updated: r.counts.updated ?? 0, failed: (r.counts.failed ?? 0) + (r.counts.timedOut ?? 0), total });
    };
    return [
      { id: 'createdAt', messageId: 'rollouts.field.createdAt', ord: 'createdAt', value: (r) => formatDateTime(r.createdAt, intl.locale) },
      { id: 'release', messageId: kind.messages.release, value: kind.releaseLabel },
      { id: 'target', messageId: 'rollouts.field.target', value: targetOf },
      { id: 'startAt', messageId: 'rollouts.field.startAt', value: (r) => formatDateTime(r.startAt, intl.locale) },
      {
        id: 'waves',
        messageId: 'rollouts.field.wavesKind',
        value: (r) =>
          r.waves.kind === 'count' ? message('rollouts.wavesOf', { count: r.waves.count }) : message('rollouts.rateOf', { perHour: r.waves.perHour }),
      },
      {
        id: 'limits',
        messageId: 'rollouts.field.limits',
        value: (r) =>
          message('rollouts.limitsOf', { percent: r.failureThresholdPercent, min: r.minMachines, minutes: Math.round(r.machineTimeoutSeconds / 60) }),
      },
      {
        id: 'status',
        messageId: 'rollouts.field.status',
        value: (r) => message(`rollouts.status.${r.status}`),
        render: (r) => <span data-rule-status={r.status}>{message(`rollouts.status.${r.status}`)}</span>,
      },
      {
        id: 'progress',
        messageId: 'rollouts.field.progress',
        value: progress,
        ...(Progress && {
          render: (r: R) => (
            <button type="button" className="button button--secondary" onClick={() => setWatched(r.id)} data-testid="rule-progress">
              {progress(r)}
            </button>
          ),
        }),
      },
      ...(mayChange
        ? [
            {
              id: 'actions',
              messageId: 'rollouts.field.actions',
              value: () => '',
              render: (r: R) => <RuleActions kind={kind} merchantId={merchantId} rule={r} />,
            },
          ]
        : []),
    ];
  }, [intl, kind, mayChange, merchantId, Progress]);
  const table = useDataTable({ tableId: kind.tableId, columns, defaultSort: DEFAULT_SORT });
  const page = kind.usePage(merchantId, table.query);
  return (
    <>
      {mayChange && (
        <div className="page__toolbar">
          <button type="button" className="button button--primary" onClick={() => setCreating((c) => !c)} data-testid="rule-create">
            <FormattedMessage id={creating ? 'rollouts.create.close' : 'rollouts.create.action'} />
          </button>
        </div>
      )}
      {creating && <RuleForm kind={kind} merchantId={merchantId} onCreated={() => setCreating(false)} />}
      <DataTable table={table} result={page} rowKey={(r) => r.id} emptyMessageId={kind.messages.empty} errorMessageId={kind.errorMessageId} />
      {Progress && watched && <Progress key={watched} merchantId={merchantId} ruleId={watched} onClose={() => setWatched(undefined)} />}
    </>
  );
}
