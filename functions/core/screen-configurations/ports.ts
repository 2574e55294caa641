import type { ScreenConfiguration } from '#schemas/screen-configuration';

export interface ScreenSlice {
  offset: number;
  limit: number;
  ordType: 'asc' | 'desc';
  cursor?: string;
}

/** A merchant's screen configurations, by name (unique per merchant). */
export interface ScreenConfigurationRepository {
  get(merchantId: string, id: string): Promise<ScreenConfiguration | undefined>;
  listSlice(merchantId: string, req: ScreenSlice): Promise<{ items: ScreenConfiguration[]; cursor?: string }>;
  count(merchantId: string): Promise<number>;
  create(configuration: ScreenConfiguration): Promise<void>;
  update(current: ScreenConfiguration, next: ScreenConfiguration): Promise<void>;
}
