import { FormattedMessage, useIntl } from 'react-intl';
import { MAX_PLANOGRAM_LINES } from '#schemas/planogram';
import type { Product } from '#schemas/product';
import { HeaderRow } from '../../../components/HeaderRow';
import type { LineDraft, LineErrors, LineField } from '../line-errors';

export const NEW_LINE: LineDraft = { selection: '', productId: '', capacity: '10', warningLevel: '2', refillValue: '10' };

interface Props {
  lines: LineDraft[];
  products: readonly Product[];
  errors: LineErrors;
  canEdit: boolean;
  onChange: (lines: LineDraft[]) => void;
}

const NUMBER_FIELDS = [
  ['capacity', 'planograms.line.capacity'],
  ['warningLevel', 'planograms.line.warningLevel'],
  ['refillValue', 'planograms.line.refillValue'],
] as const;

/** The planogram's lines: one row per selection, with its product and numbers; each field shows its own problem. */
export function LinesEditor({ lines, products, errors, canEdit, onChange }: Props) {
  const intl = useIntl();
  const set = (i: number, field: LineField, value: string) => onChange(lines.map((l, j) => (j === i ? { ...l, [field]: value } : l)));
  const error = (i: number, field: LineField) => {
    const id = errors[`${i}.${field}`];
    return id ? (
      <span className="form__error" role="alert" id={`line-${i}-${field}-error`} data-testid={`line-${i}-${field}-error`}>
        <FormattedMessage id={id} />
      </span>
    ) : null;
  };
  const described = (i: number, field: LineField) => (errors[`${i}.${field}`] ? { 'aria-invalid': true, 'aria-describedby': `line-${i}-${field}-error` } : {});

  return (
    <fieldset className="planogram-lines" data-testid="planogram-lines">
      <legend>
        <FormattedMessage id="planograms.field.lines" />
      </legend>
      {lines.length === 0 ? (
        <p className="muted">
          <FormattedMessage id="planograms.lines.none" />
        </p>
      ) : (
        <table className="planogram-lines__table">
          <HeaderRow
            cells={[
              'planograms.line.selection',
              'planograms.line.product',
              ...NUMBER_FIELDS.map(([, labelId]) => labelId),
              canEdit && { messageId: 'planograms.lines.remove', hidden: true },
            ]}
          />
          <tbody>
            {lines.map((line, i) => (
              <tr key={i} data-testid="planogram-line">
                <td>
                  <input
                    value={line.selection}
                    readOnly={!canEdit}
                    maxLength={8}
                    aria-label={intl.formatMessage({ id: 'planograms.line.selection' })}
                    onChange={(e) => set(i, 'selection', e.target.value)}
                    data-testid={`line-${i}-selection`}
                    {...described(i, 'selection')}
                  />
                  {error(i, 'selection')}
                </td>
                <td>
                  <select
                    value={line.productId}
                    disabled={!canEdit}
                    aria-label={intl.formatMessage({ id: 'planograms.line.product' })}
                    onChange={(e) => set(i, 'productId', e.target.value)}
                    data-testid={`line-${i}-product`}
                    {...described(i, 'productId')}
                  >
                    <option value="" disabled>
                      {intl.formatMessage({ id: 'planograms.line.pickProduct' })}
                    </option>
                    {products.map((p) => (
                      <option key={p.id} value={p.id}>
                        {`${p.code} · ${p.name}`}
                      </option>
                    ))}
                  </select>
                  {error(i, 'productId')}
                </td>
                {NUMBER_FIELDS.map(([field, labelId]) => (
                  <td key={field}>
                    <input
                      type="number"
                      inputMode="numeric"
                      min={field === 'warningLevel' ? 0 : 1}
                      max={999}
                      value={line[field]}
                      readOnly={!canEdit}
                      aria-label={intl.formatMessage({ id: labelId })}
                      onChange={(e) => set(i, field, e.target.value)}
                      data-testid={`line-${i}-${field}`}
                      {...described(i, field)}
                    />
                    {error(i, field)}
                  </td>
                ))}
                {canEdit && (
                  <td>
                    <button
                      type="button"
                      className="button button--secondary"
                      onClick={() => onChange(lines.filter((_, j) => j !== i))}
                      data-testid={`line-${i}-remove`}
                    >
                      <FormattedMessage id="planograms.lines.remove" />
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {canEdit && (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => onChange([...lines, NEW_LINE])}
          disabled={lines.length >= MAX_PLANOGRAM_LINES}
          data-testid="line-add"
        >
          <FormattedMessage id="planograms.lines.add" values={{ max: MAX_PLANOGRAM_LINES }} />
        </button>
      )}
    </fieldset>
  );
}
