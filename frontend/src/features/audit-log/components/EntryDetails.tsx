import { FormattedMessage } from 'react-intl';
import type { AuditTrailEntry } from '#schemas/audit';
import { changeSides, changeSubject, type ChangeSide } from '../changes';

function Side({ side }: { side: ChangeSide }) {
  if (side.kind === 'secret')
    return (
      <span className="badge" data-secret="true">
        <FormattedMessage id="auditLog.changes.secret" />
      </span>
    );
  if (side.kind === 'none')
    return (
      <span className="muted">
        <FormattedMessage id="auditLog.changes.none" />
      </span>
    );
  return <span className="audit-log__value">{side.text}</span>;
}

/** An entry opened: each field the call changed, before → after (a secret only as "changed"), then the call itself. */
export function EntryDetails({ entry }: { entry: AuditTrailEntry }) {
  const count = entry.changes.length;
  return (
    <details className="audit-log__details" data-testid="audit-entry-details">
      <summary className="nowrap">
        {count > 0 ? <FormattedMessage id="auditLog.changes.count" values={{ count }} /> : <FormattedMessage id="auditLog.changes.open" />}
      </summary>
      {count > 0 ? (
        <table className="audit-log__changes" data-testid="audit-changes">
          <thead>
            <tr>
              <th scope="col">
                <FormattedMessage id="auditLog.changes.field" />
              </th>
              <th scope="col">
                <FormattedMessage id="auditLog.changes.before" />
              </th>
              <th scope="col">
                <FormattedMessage id="auditLog.changes.after" />
              </th>
            </tr>
          </thead>
          <tbody>
            {entry.changes.map((change, index) => {
              const { before, after } = changeSides(change);
              return (
                <tr key={index} data-testid="audit-change" data-field={change.field}>
                  <th scope="row">{changeSubject(change, entry.targets)}</th>
                  <td data-side="before">
                    <Side side={before} />
                  </td>
                  <td data-side="after">
                    <Side side={after} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : (
        <p className="muted" data-testid="audit-no-changes">
          <FormattedMessage id="auditLog.changes.nothing" />
        </p>
      )}
      <dl className="audit-log__call">
        <dt>
          <FormattedMessage id="auditLog.field.request" />
        </dt>
        <dd>
          {entry.method} {entry.path}
        </dd>
        <dt>
          <FormattedMessage id="auditLog.field.status" />
        </dt>
        <dd>{entry.errorCode ? `${entry.status} · ${entry.errorCode}` : entry.status}</dd>
        <dt>
          <FormattedMessage id="auditLog.field.correlationId" />
        </dt>
        <dd>{entry.correlationId}</dd>
        <dt>
          <FormattedMessage id="auditLog.field.sourceIp" />
        </dt>
        <dd>{entry.sourceIp ?? ''}</dd>
        <dt>
          <FormattedMessage id="auditLog.field.userAgent" />
        </dt>
        <dd>{entry.userAgent ?? ''}</dd>
      </dl>
    </details>
  );
}
