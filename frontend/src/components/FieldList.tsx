import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

/** Read-only fields as a definition list: [key (data-field), label message, value]. */
export function FieldList({ rows, testId, className = 'field-list' }: { rows: readonly [string, string, ReactNode][]; testId: string; className?: string }) {
  return (
    <dl className={className} data-testid={testId}>
      {rows.map(([key, labelId, value]) => (
        <div key={key} className="field-list__row" data-field={key}>
          <dt>
            <FormattedMessage id={labelId} />
          </dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
