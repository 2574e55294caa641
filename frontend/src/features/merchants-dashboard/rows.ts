/** The merchants dashboard's rows as a table shows them: sorted by a column and cut into the table's page. */
import type { MerchantDashboardRow } from '#schemas/merchants-dashboard';
import type { Page } from '#schemas/paging';
import type { SortOptions } from '../../components/data-table/table-state';

type SortValue = string | number | null;

/** What each sortable column (its `ord`) sorts by. */
export const SORT_VALUES: Record<string, (r: MerchantDashboardRow) => SortValue> = {
  name: (r) => r.name.toLocaleLowerCase(),
  country: (r) => r.country,
  today: (r) => r.sales.today.value,
  week: (r) => r.sales.week.value,
  month: (r) => r.sales.month.value,
  visible: (r) => r.machines.visible,
  online: (r) => r.machines.online,
  offline: (r) => r.machines.offline,
  blocking: (r) => r.machines.blocking,
  alarmsActive: (r) => r.alarmsActive,
  salesPerMachineDay: (r) => r.kpis.salesPerMachineDay,
  averageTicket: (r) => r.kpis.averageTicket,
  cashlessShare: (r) => r.kpis.cashlessShare,
};

/** Rows in the sort's order; "not enough data" (null) always last; ties by name. */
export function sortRows(rows: readonly MerchantDashboardRow[], sort: SortOptions | null): MerchantDashboardRow[] {
  const value = SORT_VALUES[sort?.ord ?? 'name'] ?? SORT_VALUES.name!;
  const sign = sort?.ordType === 'desc' ? -1 : 1;
  return [...rows].sort((a, b) => {
    const [x, y] = [value(a), value(b)];
    if (x === null || y === null) return x === y ? a.name.localeCompare(b.name) : x === null ? 1 : -1;
    if (x !== y) return (x < y ? -1 : 1) * sign;
    return a.name.localeCompare(b.name);
  });
}

/** One page of sorted rows, in the shape a server page has. */
export function pageOfRows(rows: readonly MerchantDashboardRow[], page: number, size: number): Page<MerchantDashboardRow> {
  return { items: rows.slice((page - 1) * size, page * size), page, size, total: rows.length };
}
