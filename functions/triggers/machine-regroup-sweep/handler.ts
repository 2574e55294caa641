/** Scheduled: re-indexes what is left of moved machines' alarms and commands (core/devices/regroup.ts). */
import { sweepPosRegroups, type RegroupSweepDeps } from '../../core/devices/regroup';
import { machineSweepHandler } from '../machine-sweep';
import { deps as machineRegroupDeps } from './deps';

export const machineRegroupSweepHandler = (deps: () => RegroupSweepDeps = machineRegroupDeps) =>
  machineSweepHandler('machine regroup sweep', deps, sweepPosRegroups);

export const handler = machineRegroupSweepHandler();
