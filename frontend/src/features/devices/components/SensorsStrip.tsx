import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { useFormat } from '../../../lib/format';
import { useLastSensorsInfo } from '../api/get-last-sensors-info';
import { ConnectionBadge } from './Badges';
import { RelativeTime } from './RelativeTime';

/**
 * The last sensors info (connection, signal, temperature, last ping) above the machine's charts; nothing until
 * loaded. A description list, with spaces between its items, so readers and copied text keep them apart.
 */
export function SensorsStrip({ serial }: { serial: string }) {
  const { data } = useLastSensorsInfo(serial);
  const format = useFormat();
  if (!data) return null;
  const item = (labelId: string, value: ReactNode) => (
    <div className="sensors-strip__item">
      <dt>
        <FormattedMessage id={labelId} />:
      </dt>{' '}
      <dd>{value}</dd>{' '}
    </div>
  );
  return (
    <dl className="sensors-strip" data-testid="sensors-strip">
      {item('devices.field.connection', <ConnectionBadge connection={data.connection} />)}
      {item('devices.field.signal', data.signalLevel === null ? '–' : format.percent(data.signalLevel))}
      {item('devices.field.temperature', data.temperature === null ? '–' : format.celsius(data.temperature))}
      {item('devices.field.lastPing', <RelativeTime value={data.lastPingAt} />)}
    </dl>
  );
}
