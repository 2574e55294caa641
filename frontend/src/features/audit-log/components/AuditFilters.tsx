import { useIntl } from 'react-intl';
import { AUDIT_TRAIL_ACTIONS, AUDIT_TRAIL_OUTCOMES, type AuditTrailEntry } from '#schemas/audit';
import { SERIAL_PATTERN } from '#schemas/pos';
import { DateRangeFilter } from '../../../components/data-table/DateRangeFilter';
import { SearchFilter, type SearchFormat } from '../../../components/data-table/SearchFilter';
import { SelectFilter } from '../../../components/data-table/SelectFilter';
import type { DataTableModel } from '../../../components/data-table/use-data-table';
import { useMerchantUsers } from '../../../lib/resources/get-merchant-users';
import { OUTCOME_MESSAGES } from '../messages';

const SERIAL_FORMAT: SearchFormat = { test: (text) => SERIAL_PATTERN.test(text), messageId: 'auditLog.filter.serialFormat' };
const MEDIA_ID_FORMAT: SearchFormat = { test: (text) => /^[0-9A-Fa-f]{8,32}$/.test(text), messageId: 'auditLog.filter.mediaIdFormat' };
const ACTIONS = [...AUDIT_TRAIL_ACTIONS].sort();

/** The log's filters, all kept in the table state: days, who, action, outcome, and what the call was about. */
export function AuditFilters({ table, merchantId }: { table: DataTableModel<AuditTrailEntry>; merchantId: string }) {
  const intl = useIntl();
  const message = (id: string) => intl.formatMessage({ id });
  const users = useMerchantUsers(merchantId);
  // A user the filter names who is not (or no longer) among the merchant's users is offered by id (SelectFilter).
  const userOptions = (users.data ?? []).map((u) => ({ value: u.id, label: u.email })).sort((a, b) => a.label.localeCompare(b.label));

  return (
    <>
      <DateRangeFilter table={table} testId="audit-log-range" />
      <SelectFilter table={table} field="userId" messageId="auditLog.field.actor" allLabel={message('auditLog.filter.allUsers')} options={userOptions} />
      <SelectFilter
        table={table}
        field="action"
        messageId="auditLog.field.action"
        allLabel={message('auditLog.filter.allActions')}
        options={ACTIONS.map((a) => ({ value: a, label: a }))}
      />
      <SelectFilter
        table={table}
        field="outcome"
        messageId="auditLog.field.outcome"
        allLabel={message('auditLog.filter.allOutcomes')}
        options={AUDIT_TRAIL_OUTCOMES.map((o) => ({ value: o, label: message(OUTCOME_MESSAGES[o]) }))}
      />
      <SearchFilter table={table} field="serial" messageId="auditLog.filter.serial" format={SERIAL_FORMAT} />
      <SearchFilter table={table} field="mediaId" messageId="auditLog.filter.mediaId" format={MEDIA_ID_FORMAT} />
      <SelectFilter
        table={table}
        field="targetUserId"
        messageId="auditLog.filter.targetUser"
        allLabel={message('auditLog.filter.anyTargetUser')}
        options={userOptions}
      />
    </>
  );
}
