import { FormattedMessage } from 'react-intl';
import type { Dirtiness } from '#schemas/sensors';

/** A dirtiness state (spec §3) as a coloured badge. */
export function DirtinessBadge({ state, testId }: { state: Dirtiness; testId?: string }) {
  return (
    <span className={`badge dirtiness dirtiness--${state}`} data-testid={testId} data-state={state}>
      <FormattedMessage id={`cashData.dirtiness.${state}`} />
    </span>
  );
}
