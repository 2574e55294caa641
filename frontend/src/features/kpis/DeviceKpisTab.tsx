import { useParams } from 'react-router-dom';
import { Loaded } from '../../components/states';
import { usePosKpis } from './api/get-kpis';
import { IntervalPicker } from './components/IntervalPicker';
import { KpiFigures } from './components/KpiFigures';
import { KpiInterval } from './components/KpiInterval';
import { useKpiInterval } from './use-kpi-interval';
import './kpis.css';

/** /devices/{serial}/kpis: the machine's KPIs over the same interval as the distributor's (kept locally as `kpis`). */
export function DeviceKpisTab() {
  const serial = useParams().id ?? '';
  const [days, setDays] = useKpiInterval();
  const kpis = usePosKpis(serial, days);
  return (
    <div data-testid="device-kpis">
      <section className="card">
        <IntervalPicker days={days} onChange={setDays} />
      </section>
      <Loaded result={kpis}>
        {(data) => (
          <>
            <KpiInterval kpis={data} />
            <KpiFigures kpis={data} />
          </>
        )}
      </Loaded>
    </div>
  );
}
