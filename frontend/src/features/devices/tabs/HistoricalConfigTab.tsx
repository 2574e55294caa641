import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import { Loaded } from '../../../components/states';
import { formatDateTime } from '../../../lib/format';
import { useHistoricalConfig } from '../api/get-historical-config';
import { ConfigValuesTable } from '../components/ConfigValuesTable';
import { configErrorMessageId } from '../config-messages';
import { devicePath } from '../pos-labels';
import './configs.css';

/** /devices/{serial}/configs/{historicalId}: one configuration the machine reported. */
export function HistoricalConfigTab() {
  const intl = useIntl();
  const params = useParams();
  const serial = params.id ?? '';
  const config = useHistoricalConfig(serial, params.historicalId ?? '');
  return (
    <div className="device-tab" data-testid="device-historical-config">
      <div className="device-tab__actions">
        <Link to={devicePath(serial, 'configs')} className="button button--secondary" data-testid="config-back">
          <FormattedMessage id="devices.configs.back" />
        </Link>
      </div>
      <Loaded result={config} errorMessageId={configErrorMessageId}>
        {(c) => (
          <section className="config-card">
            <h2 data-testid="config-historical-title">
              <FormattedMessage id="devices.configs.historicalTitle" values={{ date: formatDateTime(c.reportedAt, intl.locale) }} />
            </h2>
            <ConfigValuesTable tableId="device-config-historical" values={c.values} onRefresh={config.mutate} testId="config-historical-values" />
          </section>
        )}
      </Loaded>
    </div>
  );
}
