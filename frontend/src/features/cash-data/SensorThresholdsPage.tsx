import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { CASH_DEVICE_TYPES } from '#schemas/collections';
import { SENSOR_NAMES, submoduleOf } from '#schemas/cash-messages';
import { Page } from '../../components/Page';
import { HeaderRow } from '../../components/HeaderRow';
import { EmptyState, Loaded, errorMessageId } from '../../components/states';
import { useToast } from '../../components/toasts';
import { ApiError } from '../../lib/api';
import { useFormat } from '../../lib/format';
import { useSensorThresholds } from './api/get-thresholds';
import { saveSensorThreshold } from './api/save-threshold';
import './cash-data.css';

const thresholdErrorId = (error: unknown) =>
  error instanceof ApiError && error.code === 'InvalidSensorThresholdException' ? 'cashData.thresholds.invalid' : errorMessageId(error);

/** /admin/sensors-thresholds-configuration (super admin): each device model's thresholds per sensor, and a form to set one. */
export function SensorThresholdsPage() {
  const intl = useIntl();
  const format = useFormat();
  const thresholds = useSensorThresholds();
  const { showToast } = useToast();
  const [model, setModel] = useState<string>(CASH_DEVICE_TYPES[0]);
  const [name, setName] = useState<string>(SENSOR_NAMES[0]!);
  const [warning, setWarning] = useState('');
  const [critical, setCritical] = useState('');
  const [valuesIncrease, setValuesIncrease] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const pick = (m: string, n: string) => {
    setModel(m);
    setName(n);
    const t = thresholds.data?.items.find((i) => i.model === m && i.name === n);
    if (t) {
      setWarning(String(t.warning));
      setCritical(String(t.critical));
      setValuesIncrease(t.valuesIncrease);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      await saveSensorThreshold(model, name, { warning: Number(warning), critical: Number(critical), valuesIncrease });
      showToast({ kind: 'success', messageId: 'cashData.thresholds.saved' });
    } catch (e) {
      setError(intl.formatMessage({ id: thresholdErrorId(e) }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page title={<FormattedMessage id="cashData.thresholds.title" />} testId="sensor-thresholds-page">
      <section className="card">
        <h2>
          <FormattedMessage id="cashData.thresholds.formTitle" />
        </h2>
        <form className="cash-data__form" onSubmit={(e) => void submit(e)} data-testid="threshold-form">
          <label>
            <FormattedMessage id="cashData.thresholds.model" />
            <select value={model} onChange={(e) => pick(e.target.value, name)} data-testid="threshold-model">
              {CASH_DEVICE_TYPES.map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </select>
          </label>
          <label>
            <FormattedMessage id="cashData.thresholds.sensor" />
            <select value={name} onChange={(e) => pick(model, e.target.value)} data-testid="threshold-sensor">
              {SENSOR_NAMES.map((n) => (
                <option key={n} value={n}>
                  {intl.formatMessage({ id: `cashData.sensor.${n}` })} ({intl.formatMessage({ id: `cashData.submodule.${submoduleOf(n)}` })})
                </option>
              ))}
            </select>
          </label>
          <label>
            <FormattedMessage id="cashData.thresholds.warning" />
            <input type="number" step="any" required value={warning} onChange={(e) => setWarning(e.target.value)} data-testid="threshold-warning" />
          </label>
          <label>
            <FormattedMessage id="cashData.thresholds.critical" />
            <input type="number" step="any" required value={critical} onChange={(e) => setCritical(e.target.value)} data-testid="threshold-critical" />
          </label>
          <label>
            <span>
              <input type="checkbox" checked={valuesIncrease} onChange={(e) => setValuesIncrease(e.target.checked)} data-testid="threshold-increase" />{' '}
              <FormattedMessage id="cashData.thresholds.valuesIncrease" />
            </span>
          </label>
          <button type="submit" className="button" disabled={busy} data-testid="threshold-save">
            <FormattedMessage id="cashData.thresholds.save" />
          </button>
        </form>
        {error && (
          <p className="form-error" role="alert" data-testid="threshold-error">
            {error}
          </p>
        )}
      </section>
      <section className="card">
        <Loaded result={thresholds}>
          {(data) =>
            data.items.length === 0 ? (
              <EmptyState messageId="cashData.thresholds.empty" />
            ) : (
              <table className="cash-data__table" data-testid="thresholds-table">
                <HeaderRow
                  cells={[
                    'cashData.thresholds.model',
                    'cashData.thresholds.sensor',
                    'cashData.thresholds.warning',
                    'cashData.thresholds.critical',
                    'cashData.thresholds.direction',
                  ]}
                />
                <tbody>
                  {data.items.map((t) => (
                    <tr key={`${t.model}#${t.name}`} data-testid={`threshold-${t.model}-${t.name}`} onClick={() => pick(t.model, t.name)}>
                      <td>{t.model}</td>
                      <td>{intl.formatMessage({ id: `cashData.sensor.${t.name}` })}</td>
                      <td>{format.number(t.warning)}</td>
                      <td>{format.number(t.critical)}</td>
                      <td>
                        <FormattedMessage id={t.valuesIncrease ? 'cashData.thresholds.increase' : 'cashData.thresholds.decrease'} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )
          }
        </Loaded>
      </section>
    </Page>
  );
}
