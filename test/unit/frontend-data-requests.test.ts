import { describe, expect, it } from 'vitest';
import { menuFor } from '../../frontend/src/app/menu';
import { DATE_PRESETS, presetRange } from '../../frontend/src/components/date-range/presets';
import { isRunning } from '../../frontend/src/features/data-requests/api/get-request-page';
import { lastRunErrorMessageId, requestMessageId } from '../../frontend/src/features/data-requests/messages';
import { checkRequestRange, daysIncluded } from '../../frontend/src/features/data-requests/range-check';
import { HistoricalDataCreate, MAX_RANGE_DAYS, TECHNICAL_FAILURE, type HistoricalDataRequest } from '#schemas/historical-data';
import { ROLES } from '#schemas/roles';

const range = (startDate: string, endDate: string) => ({ startDate, endDate });
/** What the API's schema says of the same range (the form must agree with it). */
const apiAccepts = (startDate: string, endDate: string) => HistoricalDataCreate.safeParse({ startDate, endDate, dataType: 'Transactions' }).success;

describe('historical data request range (create form)', () => {
  it('counts both days', () => {
    expect(daysIncluded(range('2024-03-01', '2024-03-01'))).toBe(1);
    expect(daysIncluded(range('2024-01-01', '2024-12-31'))).toBe(366);
    // Across the end of daylight saving time the days are still whole.
    expect(daysIncluded(range('2024-10-26', '2024-10-28'))).toBe(3);
  });

  it('asks for both days', () => {
    expect(checkRequestRange(range('', '2024-03-01'))).toEqual({ messageId: 'dataRequests.error.rangeRequired' });
    expect(checkRequestRange(range('2024-03-01', ''))).toEqual({ messageId: 'dataRequests.error.rangeRequired' });
  });

  it('refuses an end before the start, as the API does', () => {
    expect(checkRequestRange(range('2024-03-02', '2024-03-01'))).toEqual({ messageId: 'dateRange.inverted' });
    expect(apiAccepts('2024-03-02', '2024-03-01')).toBe(false);
    expect(checkRequestRange(range('2024-03-01', '2024-03-01'))).toBeNull();
  });

  it(`takes up to ${MAX_RANGE_DAYS} days and refuses one more, where the API does`, () => {
    const cases: [string, string][] = [
      ['2024-01-01', '2024-12-31'], // 366 days (leap year)
      ['2024-01-01', '2025-01-01'], // 367
      ['2023-03-01', '2024-02-29'], // 366 across a leap day
      ['2023-03-01', '2024-03-01'], // 367
    ];
    for (const [start, end] of cases) {
      const problem = checkRequestRange(range(start, end));
      expect(problem === null, `${start}…${end}`).toBe(apiAccepts(start, end));
    }
    expect(checkRequestRange(range('2024-01-01', '2025-01-01'))).toEqual({ messageId: 'dataRequests.error.rangeTooLong', values: { max: MAX_RANGE_DAYS } });
  });

  it('accepts every date range preset', () => {
    for (const preset of DATE_PRESETS) expect(checkRequestRange(presetRange(preset, new Date(2024, 2, 13, 12))), preset).toBeNull();
  });
});

describe('historical data request list', () => {
  const request = (status: HistoricalDataRequest['status'], message: string | null = null): HistoricalDataRequest => ({
    id: 'lxk2c9a1b-0123456789ab',
    merchantId: 'acme',
    dataType: 'Transactions',
    startDate: '2024-03-01',
    endDate: '2024-03-31',
    status,
    message,
    rows: null,
    size: null,
    creationDate: '2024-04-01T08:00:00.000Z',
    createdBy: 'someone',
    completedAt: null,
    linkValidUntil: null,
    subscriptionId: null,
    attempts: 1,
  });

  it('follows the list live only while a request is Created', () => {
    expect(isRunning(request('Created'))).toBe(true);
    for (const status of ['Completed', 'Expired', 'Error'] as const) expect(isRunning(request(status))).toBe(false);
  });

  it('tells the technical failure with the spec message, and nothing for other messages', () => {
    expect(requestMessageId(TECHNICAL_FAILURE)).toBe('dataRequests.message.technicalFailure');
    expect(requestMessageId(null)).toBeNull();
    expect(requestMessageId('SomethingElse')).toBeNull();
  });

  it('tells why a subscription run made no request', () => {
    expect(lastRunErrorMessageId('TooManyActiveDataRequestsException')).toBe('errors.TooManyActiveDataRequestsException');
    expect(lastRunErrorMessageId('Whatever')).toBe('dataRequests.subscriptions.lastRunFailed');
  });

  it('is in the menu of super admins and merchant admins only (spec §2)', () => {
    const sees = (role: (typeof ROLES)[number]) => menuFor(role, null).some((e) => e.route === '/manage/data-retrieval-requests');
    expect(ROLES.filter(sees)).toEqual(['NEBULARSUPERADMIN', 'NEBULARMERCHANTADMIN']);
  });
});
