import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { REPORT_PARAMETERS, REPORT_TYPES, type ReportType } from '#schemas/report';
import { DateRangePicker } from '../../components/date-range/DateRangePicker';
import { Page } from '../../components/Page';
import { ForOneMerchant } from '../../components/states';
import { useMayCall } from '../../components/use-may-call';
import { useMerchantClients } from '../../lib/resources/get-merchant-clients';
import { useGroupsOfMerchants } from '../../lib/resources/get-merchant-groups';
import { useMerchantProducts } from '../../lib/resources/get-merchant-products';
import { useCurrentMerchant } from '../../lib/resources/use-current-merchant';
import { PARAMETER_MESSAGES, TYPE_MESSAGES } from './messages';
import { readChoice, saveChoice, type ReportChoice, type ReportParameterName } from './state';
import './reports.css';

/**
 * /transactions/reports (all roles): the report's type (products by default), its range with the spec's presets and
 * the custom parameter its type takes; the choice is kept (persisted `reports`) and the result opens on its own screen.
 */
export function ReportsPage() {
  const { merchantId, merchants } = useCurrentMerchant();
  return (
    <Page title={<FormattedMessage id="reports.title" />} testId="reports-page">
      <ForOneMerchant merchants={merchants} merchantId={merchantId} chooseMessageId="reports.chooseMerchant">
        {(merchantId) => <ReportForm key={merchantId} merchantId={merchantId} />}
      </ForOneMerchant>
    </Page>
  );
}

function ReportForm({ merchantId }: { merchantId: string }) {
  const intl = useIntl();
  const id = useId();
  const navigate = useNavigate();
  const [choice, setChoice] = useState<ReportChoice>(readChoice);
  const allowed: readonly ReportParameterName[] = REPORT_PARAMETERS[choice.type];
  const setType = (type: ReportType) =>
    setChoice((c) => ({
      ...c,
      type,
      parameter: c.parameter && (REPORT_PARAMETERS[type] as readonly string[]).includes(c.parameter.name) ? c.parameter : null,
    }));
  const setParameter = (name: ReportParameterName, value: string) => setChoice((c) => ({ ...c, parameter: value ? { name, value } : null }));
  const valueOf = (name: ReportParameterName) => (choice.parameter?.name === name ? choice.parameter.value : '');
  // Only the lists the user may read (a merchant user reads no groups).
  const readsGroups = useMayCall('groups.list');
  const readsClients = useMayCall('clients.list');
  const readsProducts = useMayCall('products.list');
  const groups = useGroupsOfMerchants(readsGroups && allowed.includes('groupId') ? [merchantId] : []).data?.[merchantId] ?? [];
  const clients = useMerchantClients(readsClients && allowed.includes('clientId') ? merchantId : null).data ?? [];
  const products = useMerchantProducts(readsProducts && allowed.includes('productCode') ? merchantId : null).data ?? [];
  const options = {
    groupId: groups.map((g) => ({ value: g.id, label: g.name })),
    clientId: clients.map((c) => ({ value: c.id, label: c.name })),
    productCode: products.map((p) => ({ value: p.code, label: `${p.name} (${p.code})` })),
  };
  const show = (e: React.FormEvent) => {
    e.preventDefault();
    saveChoice(choice);
    navigate('/transactions/reports/result');
  };
  return (
    <form className="card reports__form" onSubmit={show} data-testid="report-form">
      <div className="field">
        <label htmlFor={`${id}-type`} className="field__label">
          <FormattedMessage id="reports.field.type" />
        </label>
        <select id={`${id}-type`} value={choice.type} onChange={(e) => setType(e.target.value as ReportType)} data-testid="report-type">
          {REPORT_TYPES.map((t) => (
            <option key={t} value={t}>
              {intl.formatMessage({ id: TYPE_MESSAGES[t] })}
            </option>
          ))}
        </select>
      </div>
      <DateRangePicker
        testId="report-range"
        value={{ startDate: choice.from, endDate: choice.to }}
        onChange={(r) => setChoice((c) => ({ ...c, from: r.startDate, to: r.endDate }))}
      />
      {allowed
        .filter((name) => options[name].length > 0)
        .map((name) => (
          <div className="field" key={name}>
            <label htmlFor={`${id}-${name}`} className="field__label">
              <FormattedMessage id={PARAMETER_MESSAGES[name]} />
            </label>
            <select id={`${id}-${name}`} value={valueOf(name)} onChange={(e) => setParameter(name, e.target.value)} data-testid={`report-parameter-${name}`}>
              <option value="">{intl.formatMessage({ id: 'reports.parameter.all' })}</option>
              {options[name].map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
        ))}
      <div className="reports__actions">
        <button type="submit" className="button button--primary" data-testid="report-show">
          <FormattedMessage id="reports.show" />
        </button>
      </div>
    </form>
  );
}
