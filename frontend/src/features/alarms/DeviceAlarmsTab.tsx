import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { AlarmCountsStrip } from '../../components/AlarmCountsStrip';
import { usePosAlarmStats } from './api/get-pos-alarm-stats';
import { AlarmsTable } from './components/AlarmsTable';
import './alarms.css';

/** /devices/{serial}/pos-alarms: the machine's alarm counts and its alarms, newest first. */
export function DeviceAlarmsTab() {
  const serial = useParams().id ?? '';
  const scope = useMemo(() => ({ serial }), [serial]);
  const stats = usePosAlarmStats(serial);
  return (
    <div className="device-tab" data-testid="device-alarms">
      {stats.data && <AlarmCountsStrip counts={stats.data.counts} />}
      <AlarmsTable key={serial} scope={scope} tableId="device-alarms" />
    </div>
  );
}
