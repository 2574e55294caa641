import { FormattedMessage } from 'react-intl';
import { useFormat } from '../../../lib/format';
import { useLastSensorsInfo } from '../api/get-last-sensors-info';
import { ConnectionBadge } from './Badges';
import { RelativeTime } from './RelativeTime';

/** The last sensors info (signal, temperature, last ping, connection) above the machine's charts; nothing until loaded. */
export function SensorsStrip({ serial }: { serial: string }) {
  const { data } = useLastSensorsInfo(serial);
  const format = useFormat();
  if (!data) return null;
  return (
    <div className="sensors-strip" data-testid="sensors-strip">
      <ConnectionBadge connection={data.connection} />
      <span>
        <FormattedMessage id="devices.field.signal" />: {data.signalLevel === null ? '–' : format.percent(data.signalLevel)}
      </span>
      <span>
        <FormattedMessage id="devices.field.temperature" />: {data.temperature === null ? '–' : format.celsius(data.temperature)}
      </span>
      <span>
        <FormattedMessage id="devices.field.lastPing" />: <RelativeTime value={data.lastPingAt} />
      </span>
    </div>
  );
}
