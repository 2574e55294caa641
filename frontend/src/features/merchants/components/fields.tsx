import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { FieldError } from '../../../lib/form-errors';

interface FieldProps {
  name: string;
  labelId: string;
  error?: FieldError;
  /** A message under the field (units, format). */
  hint?: ReactNode;
}

const inputId = (name: string) => `field-${name}`;

function Field({ name, labelId, error, hint, children }: FieldProps & { children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={inputId(name)} className="field__label">
        <FormattedMessage id={labelId} />
      </label>
      {children}
      {hint && <span className="form__hint">{hint}</span>}
      {error && (
        <span id={`${inputId(name)}-error`} className="field__error" role="alert" data-testid={`error-${name}`}>
          <FormattedMessage id={error.messageId} values={error.values} />
        </span>
      )}
    </div>
  );
}

/** The attributes that tie an input to its label and error message. */
function control(name: string, error: FieldError | undefined) {
  return {
    id: inputId(name),
    name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${inputId(name)}-error` : undefined,
    'data-testid': `field-${name}`,
  };
}

export function TextField({
  value,
  onChange,
  type = 'text',
  multiline = false,
  readOnly = false,
  ...field
}: FieldProps & { value: string; onChange?: (value: string) => void; type?: 'text' | 'email' | 'url' | 'date'; multiline?: boolean; readOnly?: boolean }) {
  const props = { ...control(field.name, field.error), value, readOnly, onChange: (e: { target: { value: string } }) => onChange?.(e.target.value) };
  return <Field {...field}>{multiline ? <textarea rows={3} {...props} /> : <input type={type} {...props} />}</Field>;
}

/** A number input; an empty box is NaN, which the schema reports as a required field. */
export function NumberField({
  value,
  onChange,
  min,
  max,
  step = 1,
  ...field
}: FieldProps & { value: number; onChange: (value: number) => void; min?: number; max?: number; step?: number }) {
  return (
    <Field {...field}>
      <input
        type="number"
        inputMode={step < 1 ? 'decimal' : 'numeric'}
        {...control(field.name, field.error)}
        value={Number.isNaN(value) ? '' : value}
        min={min}
        max={max}
        step={step}
        onChange={(e) => onChange(e.target.value === '' ? Number.NaN : e.target.valueAsNumber)}
      />
    </Field>
  );
}

export function SelectField({
  value,
  onChange,
  options,
  placeholder,
  ...field
}: FieldProps & { value: string; onChange: (value: string) => void; options: readonly { value: string; label: string }[]; placeholder?: string }) {
  return (
    <Field {...field}>
      <select {...control(field.name, field.error)} value={value} onChange={(e) => onChange(e.target.value)}>
        {placeholder !== undefined && (
          <option value="" disabled>
            {placeholder}
          </option>
        )}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

export function CheckboxField({ name, labelId, checked, onChange }: { name: string; labelId: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="checkbox-field">
      <input type="checkbox" name={name} checked={checked} onChange={(e) => onChange(e.target.checked)} data-testid={`field-${name}`} />
      <FormattedMessage id={labelId} />
    </label>
  );
}
