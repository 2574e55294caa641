/** Every licence move, allowed and refused, with the exception each refusal answers (core/licences/state-machine.ts). */
import { describe, expect, it } from 'vitest';
import { nextStatus, type LicenseEvent } from '../../functions/core/licences/state-machine';

const EVENTS: Record<string, LicenseEvent> = {
  assign: { kind: 'assign' },
  send: { kind: 'send' },
  confirm: { kind: 'confirm' },
  activate: { kind: 'activate' },
  changeClient: { kind: 'changeClient' },
  expire: { kind: 'expire' },
  'unassign 0': { kind: 'unassign', case: 0, type: 1 },
  'unassign 1': { kind: 'unassign', case: 1, type: 1 },
  'unassign 2 demo': { kind: 'unassign', case: 2, type: 2 },
  'unassign 2 product': { kind: 'unassign', case: 2, type: 1 },
  'unassign 3': { kind: 'unassign', case: 3, type: 1 },
};

const T = 'LicenseTransitionNotAllowedException';
const NONE = 'LicenseDoesNotExistException';
const NOT_ASSIGNED = 'LicenseNotAssignedYetException';
const DEACTIVATED = 'LicenseDeactivatedException';
const EXPIRED = 'LicenseExpiredException';
const ASSIGNED = 'LicenseAlreadyAssignedException';
const NOT_DEMO = 'NotADemoLicenseException';

/** From each status (none, 0 pending … 6 expired): the status each event leads to, or the code refusing it. */
const EXPECTED: Record<string, Record<string, number | string>> = {
  none: {
    assign: 0,
    send: NONE,
    confirm: NONE,
    activate: NONE,
    changeClient: NONE,
    expire: NONE,
    'unassign 0': NONE,
    'unassign 1': NONE,
    'unassign 2 demo': NONE,
    'unassign 2 product': NONE,
    'unassign 3': NONE,
  },
  0: {
    assign: ASSIGNED,
    send: 1,
    confirm: T,
    activate: T,
    changeClient: 0,
    expire: 6,
    'unassign 0': 5,
    'unassign 1': 5,
    'unassign 2 demo': 6,
    'unassign 2 product': NOT_DEMO,
    'unassign 3': 4,
  },
  1: {
    assign: ASSIGNED,
    send: 1,
    confirm: 2,
    activate: T,
    changeClient: 0,
    expire: 6,
    'unassign 0': 5,
    'unassign 1': 5,
    'unassign 2 demo': 6,
    'unassign 2 product': NOT_DEMO,
    'unassign 3': 4,
  },
  2: {
    assign: ASSIGNED,
    send: T,
    confirm: T,
    activate: 3,
    changeClient: 0,
    expire: 6,
    'unassign 0': 5,
    'unassign 1': 5,
    'unassign 2 demo': 6,
    'unassign 2 product': NOT_DEMO,
    'unassign 3': 4,
  },
  3: {
    assign: ASSIGNED,
    send: T,
    confirm: T,
    activate: 3,
    changeClient: 3,
    expire: 6,
    'unassign 0': 5,
    'unassign 1': 5,
    'unassign 2 demo': 6,
    'unassign 2 product': NOT_DEMO,
    'unassign 3': 4,
  },
  4: {
    assign: DEACTIVATED,
    send: DEACTIVATED,
    confirm: DEACTIVATED,
    activate: DEACTIVATED,
    changeClient: DEACTIVATED,
    expire: DEACTIVATED,
    'unassign 0': 5,
    'unassign 1': DEACTIVATED,
    'unassign 2 demo': DEACTIVATED,
    'unassign 2 product': DEACTIVATED,
    'unassign 3': DEACTIVATED,
  },
  5: {
    assign: 0,
    send: NOT_ASSIGNED,
    confirm: NOT_ASSIGNED,
    activate: NOT_ASSIGNED,
    changeClient: NOT_ASSIGNED,
    expire: NOT_ASSIGNED,
    'unassign 0': NOT_ASSIGNED,
    'unassign 1': NOT_ASSIGNED,
    'unassign 2 demo': NOT_ASSIGNED,
    'unassign 2 product': NOT_ASSIGNED,
    'unassign 3': NOT_ASSIGNED,
  },
  6: {
    assign: EXPIRED,
    send: EXPIRED,
    confirm: EXPIRED,
    activate: EXPIRED,
    changeClient: EXPIRED,
    expire: EXPIRED,
    'unassign 0': 5,
    'unassign 1': EXPIRED,
    'unassign 2 demo': EXPIRED,
    'unassign 2 product': EXPIRED,
    'unassign 3': EXPIRED,
  },
};

describe('the licence state machine', () => {
  for (const [from, row] of Object.entries(EXPECTED))
    for (const [name, expected] of Object.entries(row)) {
      const status = from === 'none' ? null : (Number(from) as 0);
      it(`${from} —${name}→ ${expected}`, () => {
        const event = EVENTS[name]!;
        if (typeof expected === 'number') expect(nextStatus(status, event)).toBe(expected);
        else expect(() => nextStatus(status, event)).toThrow(expect.objectContaining({ code: expected }));
      });
    }

  it('covers every status and every event', () => {
    expect(Object.keys(EXPECTED)).toEqual(['0', '1', '2', '3', '4', '5', '6', 'none']);
    for (const row of Object.values(EXPECTED)) expect(Object.keys(row).sort()).toEqual(Object.keys(EVENTS).sort());
  });
});
