import { describe, expect, it } from 'vitest';
import { KINDS } from '../../functions/core/ingestion/kinds';
import { sales } from '../../functions/core/ingestion/sales';
import { iotBatchHandler } from '../../functions/triggers/iot-batch';
import { deps as configDeps } from '../../functions/triggers/iot-config/deps';
import { deps as salesDeps } from '../../functions/triggers/iot-sales/deps';

describe('the ingestion kinds', () => {
  it('each answers to its own name (the name its messages are read and logged under)', () => {
    for (const [name, kind] of Object.entries(KINDS)) expect(kind.kind).toBe(name);
  });

  // Checked by tsc (npm test typechecks the tree): the @ts-expect-error fails the build when its line compiles.
  it('refuses a trigger wired to deps that lack what its kind needs', () => {
    // @ts-expect-error sales need the sales context, statistics, stock and media records: the config trigger's deps have none
    expect(typeof iotBatchHandler(sales, configDeps)).toBe('function');
    expect(typeof iotBatchHandler(sales, salesDeps)).toBe('function');
  });
});
