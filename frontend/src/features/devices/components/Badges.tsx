import { FormattedMessage } from 'react-intl';
import type { PointOfSale } from '#schemas/pos';
import { CONNECTION_MESSAGES, CONNECTION_TONE, STATUS_MESSAGES, STATUS_TONE } from '../pos-labels';

export function ConnectionBadge({ connection }: { connection: PointOfSale['connection'] }) {
  return (
    <span className={`badge badge--${CONNECTION_TONE[connection]}`} data-connection={connection}>
      <FormattedMessage id={CONNECTION_MESSAGES[connection]} />
    </span>
  );
}

export function StatusBadge({ status }: { status: PointOfSale['status'] }) {
  return (
    <span className={`badge badge--${STATUS_TONE[status]}`} data-status={status}>
      <FormattedMessage id={STATUS_MESSAGES[status]} />
    </span>
  );
}
