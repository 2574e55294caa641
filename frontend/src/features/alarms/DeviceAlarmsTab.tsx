import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { AlarmsTable } from './components/AlarmsTable';
import './alarms.css';

/** /devices/{serial}/pos-alarms: the machine's alarms, newest first. */
export function DeviceAlarmsTab() {
  const serial = useParams().id ?? '';
  const scope = useMemo(() => ({ serial }), [serial]);
  return (
    <div className="device-tab" data-testid="device-alarms">
      <AlarmsTable key={serial} scope={scope} tableId="device-alarms" />
    </div>
  );
}
