import { FormattedMessage } from 'react-intl';
import { mediaStatusLabel } from '../media-labels';

/** A media's status in words and colour (OK green, blocked red, lost key amber). */
export function MediaStatusBadge({ status }: { status: number }) {
  const { messageId, tone } = mediaStatusLabel(status);
  return (
    <span className={`badge badge--${tone}`} data-media-status={status}>
      <FormattedMessage id={messageId} />
    </span>
  );
}
