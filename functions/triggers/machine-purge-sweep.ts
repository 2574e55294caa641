/** Scheduled: removes what is left of deleted machines' partitions (core/devices/purge.ts). */
import { sweepMachinePurges, type PurgeSweepDeps } from '../core/devices/purge';
import { machinePurgeDeps } from '../shared/machine-purges';
import { machineSweepHandler } from './machine-sweep-handler';

export const machinePurgeSweepHandler = (deps: () => PurgeSweepDeps = machinePurgeDeps) => machineSweepHandler('machine purge sweep', deps, sweepMachinePurges);

export const handler = machinePurgeSweepHandler();
