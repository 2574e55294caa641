import * as z from 'zod/mini';
import { Language } from '#schemas/language';
import { VpConfigContent, VpConfigurationInput, VpDeviceType, type VpConfiguration } from '#schemas/vp-configuration';

/** The VP form's fields: the content's sections flat, and the parameters as `key=value` lines. */
export interface VpDraft {
  name: string;
  deviceType: string;
  language: string;
  brightness: number;
  pingSeconds: number;
  scheduledHours: number;
  parameters: string;
}

const display = VpConfigContent.shape.display.shape;
/** The form's own check: the shared rules of each field. */
export const VpForm = z.strictObject({
  name: VpConfigurationInput.shape.name,
  deviceType: VpDeviceType,
  language: Language,
  brightness: display.brightness,
  pingSeconds: VpConfigContent.shape.telemetry.shape.pingSeconds,
  scheduledHours: VpConfigContent.shape.audit.shape.scheduledHours,
  parameters: z.string().check(z.refine((text) => parametersValid(text))),
});
export type VpForm = z.infer<typeof VpForm>;

export const NEW_VP: VpDraft = { name: '', deviceType: 'CENG', language: 'it', brightness: 80, pingSeconds: 60, scheduledHours: 6, parameters: '' };

export const draftOf = (c: Pick<VpConfiguration, 'name' | 'deviceType' | 'content'>): VpDraft => ({
  name: c.name,
  deviceType: c.deviceType,
  language: c.content.display.language,
  brightness: c.content.display.brightness,
  pingSeconds: c.content.telemetry.pingSeconds,
  scheduledHours: c.content.audit.scheduledHours,
  parameters: Object.entries(c.content.parameters)
    .map(([k, v]) => `${k}=${v}`)
    .join('\n'),
});

/** `key=value` lines (blank lines skipped); undefined when a line has no key. */
function parseParameters(text: string): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const at = line.indexOf('=');
    if (at <= 0) return undefined;
    out[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return out;
}

export const inputOf = (f: VpForm): VpConfigurationInput => ({
  name: f.name,
  deviceType: f.deviceType as VpConfigurationInput['deviceType'],
  content: {
    display: { language: f.language, brightness: f.brightness },
    telemetry: { pingSeconds: f.pingSeconds },
    audit: { scheduledHours: f.scheduledHours },
    parameters: parseParameters(f.parameters) ?? {},
  },
});

/** Whether the lines are parameters the content schema takes (a key on each line, not reserved, not too many). */
function parametersValid(text: string): boolean {
  const parsed = parseParameters(text);
  return parsed !== undefined && z.safeParse(VpConfigContent.shape.parameters, parsed).success;
}
