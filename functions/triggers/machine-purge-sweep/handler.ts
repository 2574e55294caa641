/** Scheduled: removes what is left of deleted machines' partitions (core/devices/purge.ts). */
import { sweepPosPurges, type PurgeSweepDeps } from '../../core/devices/purge';
import { machineSweepHandler } from '../machine-sweep';
import { deps as machinePurgeDeps } from './deps';

export const machinePurgeSweepHandler = (deps: () => PurgeSweepDeps = machinePurgeDeps) => machineSweepHandler('machine purge sweep', deps, sweepPosPurges);

export const handler = machinePurgeSweepHandler();
