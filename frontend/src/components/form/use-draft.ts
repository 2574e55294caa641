import { useState } from 'react';
import type { FieldErrors } from '../../lib/form-errors';

/** A form's draft; `field(key)` gives the field of that key its name, value, change handler and error. */
export function useDraft<D extends object>(initial: D | (() => D), errors: FieldErrors) {
  const [draft, setDraft] = useState(initial);
  const set =
    <K extends keyof D>(key: K) =>
    (value: D[K]) =>
      setDraft((d) => ({ ...d, [key]: value }));
  const field = <K extends keyof D & string>(key: K) => ({ name: key, value: draft[key], onChange: set(key), error: errors[key] });
  return { draft, setDraft, set, field };
}
