import type { ComponentType } from 'react';
import type * as z from 'zod/mini';
import type { ApiRouteId } from '#schemas/api-roles';
import type { PageResult } from '../data-table/DataTable';
import type { PageQuery } from '../data-table/table-state';
import type { FormMessages } from '../form/use-form-submit';

/** What a rule shows of its release and progress, whatever its kind (schemas/rollout.ts rolloutRuleShape and the release's version). */
export interface RuleRow {
  id: string;
  status: 'scheduled' | 'running' | 'paused' | 'completed' | 'aborted' | 'cancelled';
  target: { kind: 'deviceType' } | { kind: 'group'; groupId: string } | { kind: 'machines'; serials: string[] };
  startAt: string;
  waves: { kind: 'count'; count: number } | { kind: 'rate'; perHour: number };
  minMachines: number;
  failureThresholdPercent: number;
  machineTimeoutSeconds: number;
  counts: Partial<Record<string, number>>;
  createdAt: string;
  deviceType: string;
  version: string;
}

/**
 * A kind of rollout rule as its screen needs it (firmware rules, cash database rules): its API calls, the field naming
 * its release and the releases to choose from, and the messages that name the kind.
 */
export interface RuleKindView<S extends z.ZodMiniType = z.ZodMiniType, R extends RuleRow = RuleRow> {
  /** The table's id (its saved state) and the create route (who may call it creates, pauses, resumes and cancels). */
  tableId: string;
  createRoute: ApiRouteId;
  releaseField: string;
  createSchema: S;
  useReleases(merchantId: string): { options: Array<{ value: string; label: string }> };
  usePage(merchantId: string, query: PageQuery): PageResult<R>;
  create(merchantId: string, input: z.output<S>): Promise<unknown>;
  change(merchantId: string, ruleId: string, action: 'pause' | 'resume' | 'cancel'): Promise<void>;
  /** The release's column: its label for a rule. */
  releaseLabel(rule: R): string;
  formMessages: FormMessages;
  errorMessageId: (error: unknown) => string;
  /** A rule's waves and machines, opened from its progress cell, for a kind whose API lists them. */
  Progress?: ComponentType<{ merchantId: string; ruleId: string; onClose: () => void }>;
  messages: {
    /** The release's field and column. */
    release: string;
    chooseRelease: string;
    noRelease: string;
    /** The target "every machine of the release's device type". */
    everyOfDeviceType: string;
    created: string;
    empty: string;
  };
}
