import { describe, expect, it } from 'vitest';
import { COMMAND_PARAMS } from '#schemas/remote-command';
import { cashDatabaseCommand } from '../../functions/core/cash-databases/rules';

describe('the command a cash database rule sends', () => {
  it('is 16 with the version for the machine’s own database, 18 with the peripheral for a peripheral’s, both valid command params', () => {
    const own = cashDatabaseCommand({ peripheral: null, version: '2026.10' });
    expect(own).toEqual({ type: 16, params: { version: '2026.10' } });
    const validator = cashDatabaseCommand({ peripheral: 'billValidator', version: '2026.11' });
    expect(validator).toEqual({ type: 18, params: { peripheral: 'billValidator', version: '2026.11' } });
    expect(COMMAND_PARAMS[16].safeParse(own.params).success).toBe(true);
    expect(COMMAND_PARAMS[18].safeParse(validator.params).success).toBe(true);
  });
});
