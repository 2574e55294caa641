import type { FeatureFlag } from '#schemas/features';
import type { RemoteCommandType } from '#schemas/remote-command';

/**
 * The remote command types of a merchant feature (README "Merchant features"): those that send a machine a
 * configuration (a custom one by id, or values) need REMOTE_CONFIGURATIONS. `remoteCommands.send` declares them
 * (`featureByBody`), and the command sweep ends, not sent, a scheduled one whose merchant has lost the feature since.
 */
export const COMMAND_TYPE_FEATURES: Readonly<Partial<Record<RemoteCommandType, FeatureFlag>>> = { 7: 'REMOTE_CONFIGURATIONS', 13: 'REMOTE_CONFIGURATIONS' };
