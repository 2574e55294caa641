import { useIntl } from 'react-intl';
import { formatDateTime, relativeTime } from '../../../lib/format';

/** "3 minutes ago" with the date and time beside it; blank for 0001-01-01 or no date (spec §9). */
export function RelativeTime({ value, testId }: { value: string | null; testId?: string }) {
  const intl = useIntl();
  const relative = relativeTime(value);
  if (!relative) return null;
  const absolute = formatDateTime(value, intl.locale);
  return (
    <time dateTime={value ?? undefined} title={absolute} className="relative-time" data-testid={testId}>
      <span>{intl.formatRelativeTime(relative.value, relative.unit, { numeric: 'auto' })}</span>
      <span className="muted">{absolute}</span>
    </time>
  );
}
