/**
 * Screen configurations (spec §2 manage screen-configurations, §3): what a machine's screen shows (orientation, theme,
 * idle time, welcome text, slides), for merchants with screen configuration management; sent by remote command 7.
 */
import * as z from 'zod/mini';
import { MerchantId } from './merchant-summary';
import { page, pageQuery } from './paging';
import { Serial } from './pos-entity';

const int = (min: number, max: number) => z.number().check(z.int(), z.gte(min), z.lte(max));
const text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));

export const SCREEN_ORIENTATIONS = ['landscape', 'portrait'] as const;
export const SCREEN_THEMES = ['light', 'dark'] as const;
export const MAX_SCREEN_SLIDES = 20;

export const ScreenSlide = z.strictObject({ title: text(100), durationSeconds: int(3, 600) });
export type ScreenSlide = z.infer<typeof ScreenSlide>;

export const ScreenConfigurationInput = z.strictObject({
  name: text(100),
  orientation: z.enum(SCREEN_ORIENTATIONS),
  theme: z.enum(SCREEN_THEMES),
  /** Back to the welcome screen after this long without a touch. */
  idleSeconds: int(10, 3600),
  welcomeText: z._default(z.string().check(z.trim(), z.maxLength(200)), ''),
  slides: z.array(ScreenSlide).check(z.maxLength(MAX_SCREEN_SLIDES, `at most ${MAX_SCREEN_SLIDES} slides`)),
});
export type ScreenConfigurationInput = z.infer<typeof ScreenConfigurationInput>;

export const ScreenConfiguration = z.object({
  id: z.string(),
  merchantId: z.string(),
  name: z.string(),
  orientation: z.enum(SCREEN_ORIENTATIONS),
  theme: z.enum(SCREEN_THEMES),
  idleSeconds: z.number(),
  welcomeText: z.string(),
  slides: z.array(ScreenSlide),
  createdAt: z.string(),
  updatedAt: z.string(),
  updatedBy: z.string(),
});
export type ScreenConfiguration = z.infer<typeof ScreenConfiguration>;
export const ScreenConfigurationPage = page(ScreenConfiguration);
export const ScreenConfigurationListQuery = pageQuery(['name'] as const);

export const ScreenConfigurationId = z.string().check(z.regex(/^[A-Za-z0-9-]{1,64}$/, 'invalid screen configuration id'));
export const ScreenConfigurationParams = z.strictObject({ id: MerchantId, configurationId: ScreenConfigurationId });

export const MAX_SCREEN_SEND_MACHINES = 50;
export const ScreenConfigurationSend = z.strictObject({
  serials: z.array(Serial).check(
    z.minLength(1, 'pick at least one machine'),
    z.maxLength(MAX_SCREEN_SEND_MACHINES, `at most ${MAX_SCREEN_SEND_MACHINES} machines`),
    z.refine((s) => new Set(s).size === s.length, 'a machine is repeated'),
  ),
});
export type ScreenConfigurationSend = z.infer<typeof ScreenConfigurationSend>;

export const ScreenConfigurationSendResult = z.object({
  sent: z.array(z.object({ serial: z.string(), commandId: z.string() })),
  failed: z.array(z.object({ serial: z.string(), code: z.string() })),
});
export type ScreenConfigurationSendResult = z.infer<typeof ScreenConfigurationSendResult>;
