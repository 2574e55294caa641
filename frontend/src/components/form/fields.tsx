import { useId, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { FieldError } from '../../lib/form-errors';
import './form.css';

interface FieldProps {
  labelId: string;
  /** Values of the label message (e.g. a name from the data). */
  labelValues?: Record<string, string>;
  /** Names the error message `error-<name>` for tests. */
  name?: string;
  error?: FieldError;
  /** Marks the control invalid when its problem is told elsewhere (e.g. a list of password rules)… */
  invalid?: boolean;
  /** …and the id of that message, which then describes the control too. */
  describedBy?: string;
  /** A message under the field (units, format). */
  hint?: ReactNode;
}

/** The attributes that tie a control to its label, hint and error message. */
interface ControlAttributes {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** A labelled control with its hint and error message; `children` renders the control with the given attributes. */
export function Field({
  labelId,
  labelValues,
  name,
  error,
  invalid,
  describedBy: elsewhere,
  hint,
  children,
}: FieldProps & { children: (control: ControlAttributes) => ReactNode }) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId, invalid ? elsewhere : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        <FormattedMessage id={labelId} values={labelValues} />
      </label>
      {children({ id, 'aria-invalid': error || invalid ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <span id={hintId} className="form__hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={errorId} className="field__error" role="alert" data-testid={name ? `error-${name}` : undefined}>
          <FormattedMessage id={error.messageId} values={error.values} />
        </span>
      )}
    </div>
  );
}

interface ControlProps extends FieldProps {
  /** `field-<name>` unless given. */
  testId?: string;
}

const testIdOf = (name: string | undefined, testId: string | undefined) => testId ?? (name ? `field-${name}` : undefined);

export function TextField({
  value,
  onChange,
  type = 'text',
  multiline = false,
  readOnly = false,
  autoComplete,
  required,
  testId,
  ...field
}: ControlProps & {
  value: string;
  onChange?: (value: string) => void;
  type?: 'text' | 'email' | 'url' | 'date' | 'password';
  multiline?: boolean;
  readOnly?: boolean;
  autoComplete?: string;
  required?: boolean;
}) {
  return (
    <Field {...field}>
      {(control) => {
        const props = {
          ...control,
          name: field.name,
          value,
          readOnly,
          autoComplete,
          required,
          'data-testid': testIdOf(field.name, testId),
          onChange: (e: { target: { value: string } }) => onChange?.(e.target.value),
        };
        return multiline ? <textarea rows={3} {...props} /> : <input type={type} {...props} />;
      }}
    </Field>
  );
}

/** A number input; an empty box is NaN, which the schema reports as a required field. */
export function NumberField({
  value,
  onChange,
  min,
  max,
  step = 1,
  testId,
  ...field
}: ControlProps & { value: number; onChange: (value: number) => void; min?: number; max?: number; step?: number }) {
  return (
    <Field {...field}>
      {(control) => (
        <input
          type="number"
          inputMode={step < 1 ? 'decimal' : 'numeric'}
          {...control}
          name={field.name}
          data-testid={testIdOf(field.name, testId)}
          value={Number.isNaN(value) ? '' : value}
          min={min}
          max={max}
          step={step}
          onChange={(e) => onChange(e.target.value === '' ? Number.NaN : e.target.valueAsNumber)}
        />
      )}
    </Field>
  );
}

export function SelectField({
  value,
  onChange,
  options,
  placeholder,
  testId,
  ...field
}: ControlProps & { value: string; onChange: (value: string) => void; options: readonly { value: string; label: string }[]; placeholder?: string }) {
  return (
    <Field {...field}>
      {(control) => (
        <select {...control} name={field.name} data-testid={testIdOf(field.name, testId)} value={value} onChange={(e) => onChange(e.target.value)}>
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
      )}
    </Field>
  );
}

/** A checkbox with its label: a message (`labelId`) or a name from the data (`label`, e.g. a merchant's name). */
export function CheckboxField({
  name,
  labelId,
  label,
  checked,
  disabled,
  onChange,
}: {
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
} & ({ labelId: string; label?: never } | { label: ReactNode; labelId?: never })) {
  return (
    <label className="checkbox-field">
      <input type="checkbox" name={name} checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} data-testid={`field-${name}`} />
      {labelId ? <FormattedMessage id={labelId} /> : label}
    </label>
  );
}
