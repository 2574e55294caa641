import { ValidationError } from '../shared/domain-error';

/** Spec §5 "Exports capped at {maxResults}": more transactions match than an answer holds. */
export class MaxResultsExceededException extends ValidationError {
  constructor(maxResults: number) {
    super(
      'MaxResultsExceededException',
      `More than ${maxResults.toLocaleString('en')} transactions match: narrow the filters, or request the historical data (Transactions) for the period`,
      [{ path: 'query.from', message: `at most ${maxResults} transactions` }],
    );
  }
}
