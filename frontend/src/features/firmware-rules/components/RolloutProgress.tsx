import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { FirmwareRule } from '#schemas/firmware-rule';
import { MACHINE_ROLLOUT_STATES, type MachineRolloutState, type RolloutWave } from '#schemas/rollout';
import { EmptyState, Loaded } from '../../../components/states';
import { formatDateTime } from '../../../lib/format';
import { isLive, useRule } from '../api/get-rule';
import { useRuleMachines, WAVE_PAGE_SIZE } from '../api/get-rule-machines';
import { ruleErrorMessageId } from '../messages';

const BAD: ReadonlySet<MachineRolloutState> = new Set(['failed', 'timedOut']);
const DONE: ReadonlySet<MachineRolloutState> = new Set(['updated', 'skipped']);
const tone = (state: MachineRolloutState) => (BAD.has(state) ? 'badge--bad' : DONE.has(state) ? 'badge--ok' : state === 'cancelled' ? '' : 'badge--warn');

function StateBadge({ state }: { state: MachineRolloutState }) {
  return (
    <span className={`badge ${tone(state)}`} data-machine-state={state}>
      <FormattedMessage id={`firmwareRules.state.${state}`} />
    </span>
  );
}

/** A wave's machines per state, in the states' order. */
function WaveCounts({ wave }: { wave: RolloutWave }) {
  const intl = useIntl();
  const parts = MACHINE_ROLLOUT_STATES.filter((s) => wave.counts[s]).map(
    (s) => `${intl.formatMessage({ id: `firmwareRules.state.${s}` })} ${intl.formatNumber(wave.counts[s]!)}`,
  );
  return <>{parts.join(' · ')}</>;
}

function WaveMachines({ merchantId, rule, wave }: { merchantId: string; rule: FirmwareRule; wave: number }) {
  const intl = useIntl();
  const [page, setPage] = useState(1);
  const result = useRuleMachines(merchantId, rule.id, rule.updatedAt, wave, page, isLive(rule));
  return (
    <Loaded result={result} errorMessageId={ruleErrorMessageId}>
      {(machines) =>
        machines.items.length === 0 ? (
          <EmptyState messageId="firmwareRules.progress.noMachines" />
        ) : (
          <>
            <div
              className="table-wrap"
              tabIndex={0}
              role="region"
              aria-label={intl.formatMessage({ id: 'firmwareRules.progress.machinesOf' }, { wave: wave + 1 })}
            >
              <table className="table" data-testid="rollout-machines">
                <caption>
                  <FormattedMessage id="firmwareRules.progress.machinesOf" values={{ wave: wave + 1 }} />
                </caption>
                <thead>
                  <tr>
                    <th scope="col">
                      <FormattedMessage id="firmwareRules.progress.serial" />
                    </th>
                    <th scope="col">
                      <FormattedMessage id="firmwareRules.progress.machine" />
                    </th>
                    <th scope="col">
                      <FormattedMessage id="firmwareRules.progress.state" />
                    </th>
                    <th scope="col">
                      <FormattedMessage id="firmwareRules.progress.sentAt" />
                    </th>
                    <th scope="col">
                      <FormattedMessage id="firmwareRules.progress.reason" />
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {machines.items.map((m) => (
                    <tr key={m.serial} data-serial={m.serial}>
                      <td>{m.serial}</td>
                      <td>{m.posName}</td>
                      <td>
                        <StateBadge state={m.state} />
                      </td>
                      <td>{m.sentAt ? formatDateTime(m.sentAt, intl.locale) : '—'}</td>
                      <td>{m.reason ?? ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {machines.total > WAVE_PAGE_SIZE && (
              <div className="page__toolbar">
                <button type="button" className="button" disabled={page === 1} onClick={() => setPage((p) => p - 1)}>
                  <FormattedMessage id="firmwareRules.progress.previous" />
                </button>
                <button type="button" className="button" disabled={page * WAVE_PAGE_SIZE >= machines.total} onClick={() => setPage((p) => p + 1)}>
                  <FormattedMessage id="firmwareRules.progress.next" />
                </button>
              </div>
            )}
          </>
        )
      }
    </Loaded>
  );
}

function Waves({ merchantId, rule }: { merchantId: string; rule: FirmwareRule }) {
  const intl = useIntl();
  const progress = rule.progress;
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  if (!progress) return <EmptyState messageId="firmwareRules.progress.notStarted" testId="rollout-not-started" />;
  if (progress.waves.length === 0) return <EmptyState messageId="firmwareRules.progress.noMachines" />;
  // The wave being watched unless the user picked one.
  const wave = chosen ?? Math.max(0, progress.current);
  return (
    <>
      <div className="table-wrap" tabIndex={0} role="region" aria-label={intl.formatMessage({ id: 'firmwareRules.progress.waves' })}>
        <table className="table" data-testid="rollout-waves">
          <caption>
            <FormattedMessage id="firmwareRules.progress.waves" />
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <FormattedMessage id="firmwareRules.progress.wave" />
              </th>
              <th scope="col">
                <FormattedMessage id="firmwareRules.progress.size" />
              </th>
              <th scope="col">
                <FormattedMessage id="firmwareRules.progress.sentAt" />
              </th>
              <th scope="col">
                <FormattedMessage id="firmwareRules.progress.finishedAt" />
              </th>
              <th scope="col">
                <FormattedMessage id="firmwareRules.progress.states" />
              </th>
            </tr>
          </thead>
          <tbody>
            {progress.waves.map((w, i) => (
              <tr key={i} aria-current={i === wave ? 'true' : undefined} data-wave={i} data-wave-finished={w.finishedAt ? 'true' : 'false'}>
                <td>
                  <button type="button" className="button button--secondary" onClick={() => setChosen(i)} data-testid={`rollout-wave-${i}`}>
                    <FormattedMessage id="firmwareRules.progress.waveOf" values={{ wave: i + 1 }} />
                  </button>
                </td>
                <td>{intl.formatNumber(w.size)}</td>
                <td>{w.sentAt ? formatDateTime(w.sentAt, intl.locale) : <FormattedMessage id="firmwareRules.progress.notSent" />}</td>
                <td>{w.finishedAt ? formatDateTime(w.finishedAt, intl.locale) : '—'}</td>
                <td>
                  <WaveCounts wave={w} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <WaveMachines key={wave} merchantId={merchantId} rule={rule} wave={wave} />
    </>
  );
}

/** One rule's rollout, live while it runs: its waves (sent, finished, machines per state) and a wave's machines. */
export function RolloutProgress({ merchantId, ruleId, onClose }: { merchantId: string; ruleId: string; onClose: () => void }) {
  const result = useRule(merchantId, ruleId);
  return (
    <section className="card" data-testid="rollout-progress" aria-labelledby="rollout-progress-title">
      <div className="page__toolbar">
        <h2 id="rollout-progress-title">
          {result.data ? (
            <FormattedMessage
              id="firmwareRules.progress.title"
              values={{
                firmware: `${result.data.deviceType} ${result.data.version}`,
                status: <FormattedMessage id={`rollouts.status.${result.data.status}`} />,
              }}
            />
          ) : (
            <FormattedMessage id="rollouts.field.progress" />
          )}
        </h2>
        <button type="button" className="button" onClick={onClose} data-testid="rollout-progress-close">
          <FormattedMessage id="rollouts.create.close" />
        </button>
      </div>
      <Loaded result={result} errorMessageId={ruleErrorMessageId}>
        {(rule) => (
          <div data-rule-status={rule.status}>
            <Waves merchantId={merchantId} rule={rule} />
          </div>
        )}
      </Loaded>
    </section>
  );
}
