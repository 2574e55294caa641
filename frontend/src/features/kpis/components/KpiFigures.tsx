import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Kpis } from '#schemas/kpis';
import { useFormat } from '../../../lib/format';

type Tone = 'green' | 'yellow' | 'red';
const TONE_MESSAGE: Record<Tone, string> = { green: 'kpis.tone.green', yellow: 'kpis.tone.yellow', red: 'kpis.tone.red' };

/** Hours to one decimal. */
const tenths = (hours: number) => Math.round(hours * 10) / 10;

/** Every KPI of an interval, each with how it reads; a figure without data says so ("not enough data"), never NaN. */
export function KpiFigures({ kpis }: { kpis: Kpis }) {
  const f = useFormat();
  const intl = useIntl();
  const money = (v: number | null) => (v === null ? null : f.money(Math.round(v), kpis.currency));
  const share = (v: number | null) => (v === null ? null : f.percent(v));
  const hours = (v: number) => intl.formatMessage({ id: 'kpis.hours' }, { hours: f.number(tenths(v)) });
  return (
    <div className="kpis-grid" data-testid="kpis-figures">
      <Figure id="sales" label="kpis.sales" value={f.money(kpis.sales.value, kpis.currency)}>
        <FormattedMessage id="kpis.sales.hint" values={{ count: f.number(kpis.sales.count), machineDays: f.number(kpis.machineDays) }} />
      </Figure>
      <Figure id="salesPerMachineDay" label="kpis.salesPerMachineDay" value={money(kpis.salesPerMachineDay)} />
      <Figure id="averageTicket" label="kpis.averageTicket" value={money(kpis.averageTicket)} />
      <Figure id="cashlessShare" label="kpis.cashlessShare" value={share(kpis.cashlessShare)} />
      <Figure id="availability" label="kpis.availability" value={share(kpis.availability)}>
        <FormattedMessage id="kpis.availability.hint" values={{ offline: hours(kpis.offlineHours), blocking: hours(kpis.blockingHours) }} />
      </Figure>
      <Figure id="alarms" label="kpis.alarmsRaised" value={f.number(kpis.alarmsRaised)}>
        <FormattedMessage id="kpis.alarmsRepaired" values={{ count: f.number(kpis.alarmsRepaired) }} />
      </Figure>
      <Figure id="mttr" label="kpis.meanTimeToRepair" value={kpis.meanTimeToRepairHours === null ? null : hours(kpis.meanTimeToRepairHours)} />
      <Figure id="lostSales" label="kpis.potentialLostSales" value={money(kpis.potentialLostSales)}>
        <FormattedMessage id="kpis.potentialLostSales.hint" values={{ hours: hours(kpis.lostHours) }} />
      </Figure>
      <Figure id="refunds" label="kpis.refunds" value={f.money(kpis.refunds.value, kpis.currency)}>
        <FormattedMessage id="kpis.refunds.hint" values={{ count: f.number(kpis.refunds.count) }} />
      </Figure>
      <Rejection id="coinRejection" label="kpis.coinRejection" rate={kpis.coinRejectionRate} tone={kpis.coinRejectionTone} />
      <Rejection id="billRejection" label="kpis.billRejection" rate={kpis.billRejectionRate} tone={kpis.billRejectionTone} />
    </div>
  );
}

function Figure({ id, label, value, tone, children }: { id: string; label: string; value: string | null; tone?: Tone | null; children?: ReactNode }) {
  return (
    <section className={tone ? `card kpi kpi--${tone}` : 'card kpi'} data-testid={`kpi-${id}`} aria-labelledby={`kpi-${id}-label`}>
      <h2 id={`kpi-${id}-label`} className="kpi__label">
        <FormattedMessage id={label} />
      </h2>
      <p className="kpi__value" data-testid={`kpi-${id}-value`}>
        {value ?? (
          <span className="kpi__none">
            <FormattedMessage id="kpis.notEnoughData" />
          </span>
        )}
      </p>
      {children && <p className="kpi__hint">{children}</p>}
    </section>
  );
}

/** A rejection rate with the spec's colour, and its word, so that the colour is never the only sign. */
function Rejection({ id, label, rate, tone }: { id: string; label: string; rate: number | null; tone: Tone | null }) {
  const f = useFormat();
  return (
    <Figure id={id} label={label} value={rate === null ? null : f.percent(rate / 100)} tone={tone}>
      {tone && (
        <span className="kpi__tone" data-testid={`kpi-${id}-tone`} data-tone={tone}>
          <FormattedMessage id={TONE_MESSAGE[tone]} />
        </span>
      )}
    </Figure>
  );
}
