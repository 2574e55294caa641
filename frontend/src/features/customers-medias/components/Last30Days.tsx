import { FormattedMessage } from 'react-intl';
import type { MediaFigures } from '#schemas/media';
import { useFormat } from '../../../lib/format';

/** Sales and recharges of the last 30 days (UTC days, today included), counts and values, of a media or a customer. */
export function Last30Days({ figures, currency }: { figures: MediaFigures; currency: string }) {
  const format = useFormat();
  const items: [string, string, string][] = [
    ['sales', 'medias.last30.sales', format.number(figures.sales)],
    ['salesValue', 'medias.last30.salesValue', format.money(figures.salesValue, currency)],
    ['recharges', 'medias.last30.recharges', format.number(figures.recharges)],
    ['rechargesValue', 'medias.last30.rechargesValue', format.money(figures.rechargesValue, currency)],
  ];
  return (
    <section className="card" aria-labelledby="last30-title">
      <h2 id="last30-title">
        <FormattedMessage id="medias.last30.title" />
      </h2>
      <ul className="counts-strip" data-testid="last30">
        {items.map(([key, labelId, value]) => (
          <li key={key} className="counts-strip__item" data-figure={key}>
            <span className="counts-strip__value">{value}</span>
            <span className="counts-strip__label">
              <FormattedMessage id={labelId} />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
