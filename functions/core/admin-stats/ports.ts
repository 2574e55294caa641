/**
 * What the platform statistics read (ACCESS-PATTERNS "Platform statistics"): counter items kept on write, summed: the
 * merchants' own, and each merchant's machine and media counters.
 */
export interface PlatformCounters {
  merchants(): Promise<Record<string, number>>;
  /** The sum of the machine counters of these merchants. */
  machines(merchantIds: readonly string[]): Promise<Record<string, number>>;
  /** The sum of the media counters of these merchants. */
  medias(merchantIds: readonly string[]): Promise<Record<string, number>>;
}
