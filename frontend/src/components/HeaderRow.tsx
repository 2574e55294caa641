import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

/**
 * A column of a hand-written table: its message id, or the message visually hidden (a column of buttons,
 * still named for screen readers), or content of its own under a key; `false` leaves the column out.
 */
export type HeaderCell =
  | string
  | { messageId: string; hidden?: boolean; className?: string }
  | { key: string; label: ReactNode; className?: string; data?: Record<`data-${string}`, string | number> };

/** The header row of a table that is not the data table (DataTable has its own): one `th scope="col"` per column. */
export function HeaderRow({ cells }: { cells: readonly (HeaderCell | false)[] }) {
  return (
    <thead>
      <tr>
        {cells.map((cell) => {
          if (cell === false) return null;
          if (typeof cell === 'string')
            return (
              <th scope="col" key={cell}>
                <FormattedMessage id={cell} />
              </th>
            );
          if ('key' in cell)
            return (
              <th scope="col" key={cell.key} className={cell.className} {...cell.data}>
                {cell.label}
              </th>
            );
          const label = <FormattedMessage id={cell.messageId} />;
          return (
            <th scope="col" key={cell.messageId} className={cell.className}>
              {cell.hidden ? <span className="visually-hidden">{label}</span> : label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
