import type { ApiRouteId } from '#schemas/api-roles';
import type { FeatureFlag } from '#schemas/features';

/**
 * The tabs of a machine's screen (spec §2 route names), in display order. Later issues add theirs when they work. A tab
 * of a feature (the same flag as its route in app/route-features.ts) is shown only to a merchant with it.
 */
export const DEVICE_TABS: readonly { path: string; messageId: string; feature?: FeatureFlag; /** Shown only to who may call it. */ route?: ApiRouteId }[] = [
  { path: 'details', messageId: 'devices.tab.details' },
  { path: 'pos-alarms', messageId: 'devices.tab.alarms' },
  { path: 'notes', messageId: 'devices.tab.notes' },
  { path: 'audits', messageId: 'devices.tab.audits' },
  { path: 'configs', messageId: 'devices.configs.tab' },
  { path: 'custom-config', messageId: 'devices.customConfig.tab', feature: 'REMOTE_CONFIGURATIONS' },
  { path: 'cash', messageId: 'devices.tab.cash' },
  { path: 'prices', messageId: 'devices.tab.prices', feature: 'NEBULAR_VENDING' },
  { path: 'transactions', messageId: 'devices.tab.transactions' },
  { path: 'stock', messageId: 'devices.tab.stock', feature: 'PRODUCTS_STOCK' },
  { path: 'remote-commands', messageId: 'devices.tab.remoteCommands' },
  { path: 'signal', messageId: 'devices.tab.signal', feature: 'NETWORK' },
  { path: 'temperature', messageId: 'devices.tab.temperature' },
  { path: 'kpis', messageId: 'kpis.tab' },
  { path: 'cash-data', messageId: 'cashData.tab', feature: 'NEBULAR_CASH' },
  { path: 'pos-sensordirtyness', messageId: 'cashData.dirtiness.tab', feature: 'NEBULAR_CASH', route: 'sensors.posDirtiness' },
];
