import { MAX_RANGE_DAYS } from '#schemas/historical-data';
import type { DateRange } from '../../components/date-range/presets';
import type { FieldError } from '../../lib/form-errors';

/** Calendar days from the first to the last, both included. */
export function daysIncluded({ startDate, endDate }: DateRange): number {
  return (Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / 86_400_000 + 1;
}

/**
 * What the API would refuse in a request's range (schemas/historical-data.ts, HistoricalDataCreate), told
 * before sending: both days given, the end not before the start, at most MAX_RANGE_DAYS days.
 */
export function checkRequestRange(range: DateRange): FieldError | null {
  if (range.startDate === '' || range.endDate === '') return { messageId: 'dataRequests.error.rangeRequired' };
  if (range.startDate > range.endDate) return { messageId: 'dateRange.inverted' };
  if (daysIncluded(range) > MAX_RANGE_DAYS) return { messageId: 'dataRequests.error.rangeTooLong', values: { max: MAX_RANGE_DAYS } };
  return null;
}
