import { FormattedMessage } from 'react-intl';
import { useLastSensorsInfo } from '../api/get-last-sensors-info';
import { ConnectionBadge } from './Badges';
import { RelativeTime } from './RelativeTime';

/** The last sensors info (signal, temperature, last ping, connection) above the machine's charts; nothing until loaded. */
export function SensorsStrip({ serial }: { serial: string }) {
  const { data } = useLastSensorsInfo(serial);
  if (!data) return null;
  return (
    <div className="sensors-strip" data-testid="sensors-strip">
      <ConnectionBadge connection={data.connection} />
      <span>
        <FormattedMessage id="devices.field.signal" />: {data.signalLevel === null ? '–' : `${data.signalLevel}%`}
      </span>
      <span>
        <FormattedMessage id="devices.field.temperature" />: {data.temperature === null ? '–' : <FormattedMessage id="devices.celsius" values={{ value: data.temperature }} />}
      </span>
      <span>
        <FormattedMessage id="devices.field.lastPing" />: <RelativeTime value={data.lastPingAt} />
      </span>
    </div>
  );
}
