/**
 * Locally persisted state (spec §9: auth, kpis, masters, merchants, pointsOfSale, reports, tables, user;
 * and menu: the side menu's open groups). Every key is `<namespace>:<name>` in localStorage, so a namespace
 * can be cleared as a whole.
 */
export const STORE_NAMESPACES = ['auth', 'kpis', 'masters', 'merchants', 'pointsOfSale', 'reports', 'tables', 'user', 'menu'] as const;
export type StoreNamespace = (typeof STORE_NAMESPACES)[number];

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled by the browser
  }
}

export function readStored<T>(namespace: StoreNamespace, name: string, guard: (value: unknown) => value is T): T | null {
  const raw = storage()?.getItem(`${namespace}:${name}`);
  if (raw === null || raw === undefined) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return guard(value) ? value : null;
  } catch {
    return null;
  }
}

export function writeStored(namespace: StoreNamespace, name: string, value: unknown): void {
  try {
    storage()?.setItem(`${namespace}:${name}`, JSON.stringify(value));
  } catch {
    // quota exceeded or storage disabled: persisted state is a convenience only
  }
}

export function removeStored(namespace: StoreNamespace, name: string): void {
  storage()?.removeItem(`${namespace}:${name}`);
}

/** Removes every key of the given namespaces. */
export function clearNamespaces(namespaces: readonly StoreNamespace[]): void {
  const store = storage();
  if (!store) return;
  const prefixes = namespaces.map((ns) => `${ns}:`);
  const doomed: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key !== null && prefixes.some((p) => key.startsWith(p))) doomed.push(key);
  }
  for (const key of doomed) store.removeItem(key);
}

/** Every stored table state (a configuration version change invalidates them). */
export function clearTableStates(): void {
  clearNamespaces(['tables']);
}

/**
 * The stores cleared at sign-in and logout. Table states and the menu's open groups stay: they are kept per
 * user (their keys carry the user id), so one user's layout never leaks to another.
 */
export function clearUserStores(): void {
  clearNamespaces(STORE_NAMESPACES.filter((ns) => ns !== 'tables' && ns !== 'menu'));
}
