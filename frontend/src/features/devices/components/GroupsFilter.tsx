import { FormattedMessage, useIntl } from 'react-intl';
import type { Group } from '#schemas/group';
import type { DataTableModel } from '../../../components/data-table/use-data-table';
import { groupIdsOf, joinGroupIds } from '../device-filters';

/** Several groups at once (sent comma-joined as groupIds); none ticked means every group. */
export function GroupsFilter<T>({ table, groups }: { table: DataTableModel<T>; groups: readonly Group[] }) {
  const intl = useIntl();
  const chosen = groupIdsOf(table.state.filter);
  const names = groups.filter((g) => chosen.includes(g.id)).map((g) => g.name);
  function toggle(id: string, on: boolean) {
    table.setFilter('groupIds', joinGroupIds(on ? [...chosen, id] : chosen.filter((g) => g !== id)));
  }
  return (
    <div className="field">
      <span className="field__label">
        <FormattedMessage id="devices.filter.groups" />
      </span>
      <details className="multi-filter" data-filter="groupIds">
        <summary className="multi-filter__summary">
          {names.length > 0 ? intl.formatList(names, { type: 'unit' }) : intl.formatMessage({ id: 'devices.filter.allGroups' })}
        </summary>
        <div className="multi-filter__options">
          {groups.map((g) => (
            <label key={g.id} className="checkbox-field">
              <input type="checkbox" checked={chosen.includes(g.id)} onChange={(e) => toggle(g.id, e.target.checked)} data-group-id={g.id} />
              {g.name}
            </label>
          ))}
        </div>
      </details>
    </div>
  );
}
