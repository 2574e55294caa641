import { ApiError } from '../../lib/api';
import { deviceErrorMessageId } from './messages';

/** The configuration calls' own codes (spec §8), then the machine's. */
const CODE_MESSAGES: Partial<Record<string, string>> = {
  MachineConfigurationNotFoundException: 'devices.configs.error.notFound',
  CustomConfigNotFoundException: 'devices.customConfig.error.notFound',
  CustomConfigChangedConcurrentlyException: 'devices.customConfig.error.changed',
};

export function configErrorMessageId(error: unknown): string {
  return (error instanceof ApiError && CODE_MESSAGES[error.code]) || deviceErrorMessageId(error);
}
