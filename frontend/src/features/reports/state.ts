/**
 * The report being built (spec §3 report state: type, default products; range; custom parameter), kept locally
 * (spec §9: persisted `reports`) so the result screen and a later visit find the last choice.
 */
import { DEFAULT_REPORT_TYPE, REPORT_PARAMETERS, REPORT_TYPES, type ReportType } from '#schemas/report';
import { presetRange } from '../../components/date-range/presets';
import { readStored, writeStored } from '../../lib/storage';

export type ReportParameterName = 'groupId' | 'clientId' | 'productCode';

export interface ReportChoice {
  type: ReportType;
  from: string;
  to: string;
  parameter: { name: ReportParameterName; value: string } | null;
}

const isChoice = (v: unknown): v is ReportChoice => {
  const c = v as ReportChoice | null;
  return (
    !!c &&
    (REPORT_TYPES as readonly string[]).includes(c.type) &&
    typeof c.from === 'string' &&
    typeof c.to === 'string' &&
    (c.parameter === null || (typeof c.parameter?.value === 'string' && (REPORT_PARAMETERS[c.type] as readonly string[]).includes(c.parameter.name)))
  );
};

export function defaultChoice(): ReportChoice {
  const { startDate, endDate } = presetRange('last7Days');
  return { type: DEFAULT_REPORT_TYPE, from: startDate, to: endDate, parameter: null };
}

export const readChoice = (): ReportChoice => readStored('reports', 'choice', isChoice) ?? defaultChoice();
export const saveChoice = (choice: ReportChoice) => writeStored('reports', 'choice', choice);

/** The query of a report call: merchant, range and the parameter given. */
export const queryOf = (merchantId: string, c: ReportChoice) => ({
  merchantId,
  from: c.from,
  to: c.to,
  ...(c.parameter && c.parameter.value ? { [c.parameter.name]: c.parameter.value } : {}),
});
