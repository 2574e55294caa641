import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseOptions, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FIXTURE = fileURLToPath(new URL('./fixtures/layers', import.meta.url));

/** The rules of .dependency-cruiser.cjs over `paths`, relative to `baseDir`; one line per violation. */
async function violations(baseDir: string, paths: string[], tsConfigFile?: string): Promise<string[]> {
  const { tsConfig: _, ...options } = await extractDepcruiseOptions(join(ROOT, '.dependency-cruiser.cjs'));
  const cruiseOptions: ICruiseOptions = { ...options, validate: true, baseDir };
  const { output } = await cruise(paths, cruiseOptions, {}, tsConfigFile ? { tsConfig: extractTSConfig(tsConfigFile) } : {});
  // npm dependencies resolve into node_modules: name them by package.
  const name = (to: string) => to.replace(/^.*node_modules\/((@[^/]+\/)?[^/]+)\/.*$/, '$1');
  return (output as ICruiseResult).summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${name(v.to)}`).sort();
}

describe('layer rules (.dependency-cruiser.cjs, DESIGN.md §11)', () => {
  it('the repository breaks none', async () => {
    expect(await violations(ROOT, ['schemas', 'functions', 'frontend/src', 'infra'], join(ROOT, 'tsconfig.json'))).toEqual([]);
  }, 60_000);

  it('each rule reports a deliberate violation, and only those (test/unit/fixtures/layers)', async () => {
    expect(await violations(FIXTURE, ['schemas', 'functions', 'frontend'])).toEqual(
      [
        'core-no-aws-sdk: functions/core/orders/place-order.ts → @aws-sdk/client-dynamodb',
        'core-no-middy: functions/core/orders/place-order.ts → @middy/core',
        'core-no-outer-layers: functions/core/orders/place-order.ts → functions/adapters/order-store.ts',
        'core-no-outer-layers: functions/core/orders/place-order.ts → functions/api/orders/routes.ts',
        'core-no-outer-layers: functions/core/orders/place-order.ts → functions/http/route.ts',
        'core-no-outer-layers: functions/core/orders/place-order.ts → functions/runtime/logger.ts',
        'core-no-outer-layers: functions/core/orders/place-order.ts → functions/shared/orders-composition.ts',
        'core-no-outer-layers: functions/core/orders/place-order.ts → functions/triggers/orders-sweep/handler.ts',
        'adapters-no-api: functions/adapters/order-store.ts → functions/api/orders/routes.ts',
        'schemas-self-contained: schemas/order.ts → functions/api/orders/routes.ts',
        'schemas-self-contained: schemas/order.ts → frontend/src/features/cart/cart-line.ts',
        'features-independent: frontend/src/features/checkout/checkout-page.ts → frontend/src/features/cart/cart-page.ts',
        'schemas-through-alias: frontend/src/features/cart/cart-total.ts → schemas/order.ts',
        'no-circular: functions/core/orders/place-order.ts → functions/core/orders/totals.ts',
      ].sort(),
    );
  }, 60_000);
});
