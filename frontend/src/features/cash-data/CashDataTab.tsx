import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import { OPOS_RESULT_CODES, SUBMODULE_SENSORS, SUBMODULES } from '#schemas/cash-messages';
import { presetRange } from '../../components/date-range/presets';
import { rangeInstants } from '../../components/date-range/instants';
import { EmptyState, Loaded } from '../../components/states';
import { useFormat } from '../../lib/format';
import { useDeviceErrors, type DeviceErrorFilter } from './api/get-device-errors';
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

function DeviceErrors({ serial }: { serial: string }) {
  const format = useFormat();
  const intl = useIntl();
  const [filter, setFilter] = useState<DeviceErrorFilter>({ page: 1 });
  const [cursors, setCursors] = useState<Array<string | undefined>>([undefined]);
  const errors = useDeviceErrors(serial, filter);
  const codes = useMemo(() => OPOS_RESULT_CODES.filter((c) => c !== 0), []);
  const refilter = (next: Partial<DeviceErrorFilter>) => {
    setCursors([undefined]);
    setFilter((f) => ({ ...f, ...next, page: 1, cursor: undefined }));
  };
  return (
    <section className="card" data-testid="device-errors">
      <header className="device-chart__header">
        <h2>
          <FormattedMessage id="cashData.errors.title" />
        </h2>
        <div className="cash-data__form">
          <label>
            <FormattedMessage id="cashData.errors.device" />
            <input value={filter.device ?? ''} onChange={(e) => refilter({ device: e.target.value || undefined })} data-testid="errors-device" />
          </label>
          <label>
            <FormattedMessage id="cashData.errors.code" />
            <select
              value={filter.code ?? ''}
              onChange={(e) => refilter({ code: e.target.value === '' ? undefined : Number(e.target.value) })}
              data-testid="errors-code"
            >
              <option value="">{intl.formatMessage({ id: 'cashData.errors.allCodes' })}</option>
              {codes.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </label>
        </div>
      </header>
      <Loaded result={errors}>
        {(page) =>
          page.items.length === 0 ? (
            <EmptyState messageId="cashData.errors.empty" />
          ) : (
            <>
              <table className="cash-data__table" data-testid="errors-table">
                <thead>
                  <tr>
                    <th>
                      <FormattedMessage id="cashData.errors.at" />
                    </th>
                    <th>
                      <FormattedMessage id="cashData.errors.device" />
                    </th>
                    <th>
                      <FormattedMessage id="cashData.errors.code" />
                    </th>
                    <th>
                      <FormattedMessage id="cashData.errors.extended" />
                    </th>
                    <th>
                      <FormattedMessage id="cashData.errors.message" />
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {page.items.map((e) => (
                    <tr key={`${e.at}-${e.device}-${e.resultCode}`}>
                      <td>{format.dateTime(e.at)}</td>
                      <td>{e.device}</td>
                      <td>{e.resultCode}</td>
                      <td>{e.extendedCode}</td>
                      <td>{e.message ?? ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <div className="cash-data__form">
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={filter.page === 1}
                  onClick={() => setFilter((f) => ({ ...f, page: f.page - 1, cursor: cursors[f.page - 2] }))}
                >
                  <FormattedMessage id="cashData.errors.previous" />
                </button>
                <span>
                  <FormattedMessage id="cashData.errors.page" values={{ page: filter.page, pages: Math.max(1, Math.ceil(page.total / page.size)) }} />
                </span>
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={filter.page * page.size >= page.total}
                  onClick={() => {
                    setCursors((c) => [...c.slice(0, filter.page), page.cursor]);
                    setFilter((f) => ({ ...f, page: f.page + 1, cursor: page.cursor }));
                  }}
                >
                  <FormattedMessage id="cashData.errors.next" />
                </button>
              </div>
            </>
          )
        }
      </Loaded>
    </section>
  );
}
