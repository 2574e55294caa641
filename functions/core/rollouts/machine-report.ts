/**
 * A machine's report of its progress through a release (`vend/{serial}/firmware`): the machine of the rollout the report
 * names, in the merchant the registry gives the serial (never the report's word), moves forward only (rollout-plan.ts
 * reportedState). Its claim of "updated" counts only when its telemetry already reports the rule's version; otherwise
 * it stays "updating" and the rollout's next step checks the version again.
 */
import type { FirmwareStatePayload } from '#schemas/firmware-report';
import type { RolloutRunDeps } from './rollout-run';
import { reportedState } from './rollout-plan';
import { parseRolloutId } from './release-kinds';

export type MachineReportDeps = Pick<RolloutRunDeps, 'kinds' | 'machines' | 'reportedVersions' | 'now'> & {
  merchantOf(serial: string): Promise<string | undefined>;
};

export type ReportOutcome = 'moved' | 'unchanged' | 'unknown';

export async function applyMachineReport(deps: MachineReportDeps, serial: string, report: FirmwareStatePayload): Promise<ReportOutcome> {
  const id = parseRolloutId(report.rolloutId);
  const kindDeps = id && deps.kinds[id.kind];
  if (!id || !kindDeps) return 'unknown';
  const merchantId = await deps.merchantOf(serial);
  if (!merchantId) return 'unknown';
  for (let attempt = 0; attempt < 3; attempt++) {
    const machine = await deps.machines.get(id.kind, merchantId, id.ruleId, id.wave, serial);
    if (!machine) return 'unknown';
    let state = reportedState(machine.state, report.state);
    if (report.state === 'updated' && state === 'updating') {
      const rule = await kindDeps.rules.get(merchantId, id.ruleId);
      const release = rule && (await kindDeps.release(kindDeps.releaseIdOf(rule)));
      if (release && (await deps.reportedVersions(merchantId, [serial])).get(serial) === release.version) state = 'updated';
    }
    if (state === machine.state) return 'unchanged';
    const next = { ...machine, state, ...(state === 'failed' ? { reason: report.reason ?? 'failed' } : {}), updatedAt: deps.now() };
    if (await deps.machines.move(id.kind, machine, next)) return 'moved';
  }
  return 'unchanged';
}
