/** UpdateItem expressions built from plain objects (placeholders `#{prefix}n` / `:{prefix}n`). */
type Item = Record<string, unknown>;

export interface UpdateParts {
  /** `SET …, REMOVE …` (either part may be absent). */
  expression: string;
  names: Record<string, string>;
  values: Record<string, unknown>;
}

/** `a = :a` parts for the defined fields. */
export function setParts(fields: Item, prefix: string) {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const parts: string[] = [];
  Object.entries(fields).forEach(([name, value], i) => {
    if (value === undefined) return;
    names[`#${prefix}${i}`] = name;
    values[`:${prefix}${i}`] = value;
    parts.push(`#${prefix}${i} = :${prefix}${i}`);
  });
  return { names, values, parts };
}

/**
 * Turns the attributes `before` had into those `after` has (SET every defined attribute of `after`, REMOVE the
 * ones it dropped, plus `remove`), leaving every other attribute of the stored item alone. The key attributes
 * must be left out of both.
 */
export function replaceAttributes(before: Item, after: Item, remove: readonly string[] = [], prefix = 'r'): UpdateParts {
  const set = setParts(after, prefix);
  const names = { ...set.names };
  const dropped = new Set([...Object.keys(before), ...remove].filter((k) => after[k] === undefined));
  const removes = [...dropped].map((name, i) => {
    names[`#${prefix}x${i}`] = name;
    return `#${prefix}x${i}`;
  });
  const expression = [set.parts.length ? `SET ${set.parts.join(', ')}` : '', removes.length ? `REMOVE ${removes.join(', ')}` : ''].filter(Boolean).join(' ');
  return { expression, names, values: set.values };
}
