import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import { OPOS_RESULT_CODES, SUBMODULE_SENSORS, SUBMODULES } from '#schemas/cash-messages';
import type { DeviceErrorItem } from '#schemas/cash-stats';
import { presetRange } from '../../components/date-range/presets';
import { rangeInstants } from '../../components/date-range/instants';
import { DataTable } from '../../components/data-table/DataTable';
import { SearchFilter } from '../../components/data-table/SearchFilter';
import { SelectFilter } from '../../components/data-table/SelectFilter';
import { useDataTable, type Column } from '../../components/data-table/use-data-table';
import { EmptyState, Loaded } from '../../components/states';
import { useFormat } from '../../lib/format';
import { useDeviceErrors } from './api/get-device-errors';
import { useSensorChart } from './api/get-sensor-chart';
import { CashFigureSections } from './components/CashFigureSections';
import { SensorChart } from './components/SensorChart';
import './cash-data.css';

/** /devices/{serial}/cash-data (NEBULAR_CASH): acceptance, movements, device errors and the sensors per submodule over a range. */
export function CashDataTab() {
  const serial = useParams().id ?? '';
  const [range, setRange] = useState(() => presetRange('last7Days'));
  const bounds = rangeInstants(range);

  return (
    <div data-testid="device-cash-data">
      <CashFigureSections scope={{ serial }} range={range} onRangeChange={setRange} rangeTestId="cash-data-range" />
      <SubmoduleCharts serial={serial} from={bounds.from!} to={bounds.to!} />
      <DeviceErrors serial={serial} />
    </div>
  );
}

function SubmoduleCharts({ serial, from, to }: { serial: string; from: string; to: string }) {
  const intl = useIntl();
  const chart = useSensorChart(serial, from, to);
  return (
    <section className="card" data-testid="submodule-charts">
      <h2>
        <FormattedMessage id="cashData.sensors.title" />
      </h2>
      <Loaded result={chart}>
        {(data) =>
          data.points.length === 0 ? (
            <EmptyState messageId="cashData.sensors.empty" />
          ) : (
            SUBMODULES.map((submodule) => {
              const series = SUBMODULE_SENSORS[submodule]
                .map((name) => ({
                  label: intl.formatMessage({ id: `cashData.sensor.${name}` }),
                  points: data.points.filter((p) => p.values[name] !== undefined).map((p) => ({ x: Date.parse(p.at), y: p.values[name]! })),
                }))
                .filter((s) => s.points.length > 0);
              return series.length === 0 ? null : (
                <article key={submodule}>
                  <h3>
                    <FormattedMessage id={`cashData.submodule.${submodule}`} />
                  </h3>
                  <SensorChart series={series} from={Date.parse(from)} to={Date.parse(to)} testId={`submodule-chart-${submodule}`} />
                </article>
              );
            })
          )
        }
      </Loaded>
    </section>
  );
}

const DEFAULT_SORT = { ord: 'at', ordType: 'desc' } as const;

function DeviceErrors({ serial }: { serial: string }) {
  const format = useFormat();
  const intl = useIntl();
  const columns = useMemo<Column<DeviceErrorItem>[]>(
    () => [
      { id: 'at', messageId: 'cashData.errors.at', ord: 'at', value: (e) => format.dateTime(e.at) },
      { id: 'device', messageId: 'cashData.errors.device', value: (e) => e.device },
      { id: 'code', messageId: 'cashData.errors.code', value: (e) => String(e.resultCode) },
      { id: 'extended', messageId: 'cashData.errors.extended', value: (e) => String(e.extendedCode) },
      { id: 'message', messageId: 'cashData.errors.message', value: (e) => e.message ?? '' },
    ],
    [format],
  );
  const codes = useMemo(() => OPOS_RESULT_CODES.filter((c) => c !== 0).map((c) => ({ value: String(c), label: String(c) })), []);
  const table = useDataTable({ tableId: 'device-opos-errors', columns, defaultSort: DEFAULT_SORT });
  const errors = useDeviceErrors(serial, table.query);
  return (
    <section data-testid="device-errors">
      <h2>
        <FormattedMessage id="cashData.errors.title" />
      </h2>
      <DataTable
        table={table}
        result={errors}
        rowKey={(e) => `${e.at}-${e.device}-${e.resultCode}`}
        emptyMessageId="cashData.errors.empty"
        filters={
          <>
            <SearchFilter table={table} field="device" messageId="cashData.errors.device" />
            <SelectFilter
              table={table}
              field="code"
              messageId="cashData.errors.code"
              allLabel={intl.formatMessage({ id: 'cashData.errors.allCodes' })}
              options={codes}
            />
          </>
        }
      />
    </section>
  );
}
