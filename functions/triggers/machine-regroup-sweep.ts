/** Scheduled: re-indexes what is left of moved machines' alarms and commands (core/devices/regroup.ts). */
import { sweepMachineRegroups, type RegroupSweepDeps } from '../core/devices/regroup';
import { machineRegroupDeps } from '../shared/machine-regroups';
import { machineSweepHandler } from './machine-sweep-handler';

export const machineRegroupSweepHandler = (deps: () => RegroupSweepDeps = machineRegroupDeps) =>
  machineSweepHandler('machine regroup sweep', deps, sweepMachineRegroups);

export const handler = machineRegroupSweepHandler();
