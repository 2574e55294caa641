/**
 * DESIGN.md §9: every string of the UI is a message id present in all six catalogues.
 *
 * - the six catalogues have the same keys, and no message is empty;
 * - every message is valid ICU and uses the same arguments ({min}, {email}, …) in every language;
 * - every id the sources use exists: ids in `formatMessage({ id })`, `<FormattedMessage id>`,
 *   `defineMessages`, props and keys named `…messageId`/`…labelId`, and any string literal that starts
 *   with a catalogue namespace (maps like `{ wrongCredentials: 'login.error.wrongCredentials' }`);
 * - ids built at run time (`roles.${role}`) are allowed only for the prefixes in DYNAMIC_IDS below, whose
 *   complete value sets are checked instead. A new dynamic prefix fails this test until it is listed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { SCREEN_ORIENTATIONS, SCREEN_THEMES } from '#schemas/screen-configuration';
import { describe, expect, it } from 'vitest';
import { ALARM_CATEGORIES, ALARM_CRITICITIES, ALARM_GROUPS, ALARM_SOURCES, MCBF_VALUES } from '#schemas/alarm';
import { API_ROLES } from '#schemas/api-roles';
import { CASH_MEDIA, MOVEMENT_KINDS, REJECTION_REASONS, SENSOR_NAMES, SUBMODULES } from '#schemas/cash-messages';
import { LANGUAGES } from '#schemas/collections';
import { FEATURE_FLAGS } from '#schemas/features';
import { CASH_DATABASE_PERIPHERALS } from '#schemas/cash-database';
import { REPORT_COLUMN_IDS } from '#schemas/report';
import { FIRMWARE_LEVELS } from '#schemas/firmware';
import { MACHINE_ROLLOUT_STATES, ROLLOUT_STATUSES } from '#schemas/rollout';
import { NOTIFICATION_KINDS, NOTIFICATION_STATUSES, NOTIFICATIONS_OFF_REASONS } from '#schemas/notification-constants';
import { CUSTOM_PARAMETER_TYPES, PRODUCT_TYPES } from '#schemas/product';
import { ROLES } from '#schemas/roles';
import { BLOG_VISIBILITIES } from '#schemas/blog-post';
import { WEB_SERVICE_TYPE_NUMBERS } from '#schemas/webpayment-order';
import { DIRTINESS } from '#schemas/sensors';
import { DATE_PRESETS } from '../../frontend/src/components/date-range/presets';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SRC = join(ROOT, 'frontend/src');
const I18N = join(SRC, 'i18n');

/** Ids the sources build from a value: prefix → every value the code can put after it. */
const DYNAMIC_IDS: Record<string, readonly string[]> = {
  'roles.': ROLES, // role names (dashboard, profile)
  'features.': FEATURE_FLAGS, // merchant feature flags (dashboard, merchant screens)
  'dateRange.': DATE_PRESETS, // date range presets (components/date-range)
  'alarms.criticity.': ALARM_CRITICITIES.map(String), // alarm criticities (troubleshooting, alarm settings)
  'alarms.category.': ALARM_CATEGORIES, // alarm categories (troubleshooting)
  'troubleshooting.source.': ALARM_SOURCES,
  'reports.column.': REPORT_COLUMN_IDS, // report columns (reports)
  'troubleshooting.group.': ALARM_GROUPS,
  'troubleshooting.mcbf.': MCBF_VALUES.map((v) => v || 'empty'),
  'troubleshooting.field.': ['level1', 'level2'], // the two troubleshooting levels
  'products.type.': PRODUCT_TYPES, // product types A–D (catalogue)
  'products.customParameters.type.': CUSTOM_PARAMETER_TYPES, // custom parameter types (catalogue)
  'notifications.kind.': NOTIFICATION_KINDS, // notifications log
  'notifications.status.': NOTIFICATION_STATUSES, // notifications log
  'profile.notifications.off.': NOTIFICATIONS_OFF_REASONS, // why a user's notifications are off (profile)
  'firmwares.level.': FIRMWARE_LEVELS, // firmware levels (catalogue)
  'firmwares.field.': ['major', 'minor', 'patch', 'build'], // the version parts (firmware create)
  'rollouts.status.': ROLLOUT_STATUSES, // rule statuses (firmware and cash database rules)
  'rollouts.waves.': ['count', 'rate'], // wave kinds
  'rollouts.action.': ['pause', 'resume', 'cancel'], // rule actions
  'rollouts.': ['paused', 'resumed', 'cancelled'], // the actions' success toasts
  'cashDatabases.peripheral.': ['machine', ...CASH_DATABASE_PERIPHERALS], // what a cash database is for
  'firmwareRules.state.': MACHINE_ROLLOUT_STATES, // a machine's state in a firmware rollout
  'webpaymentServices.type.': WEB_SERVICE_TYPE_NUMBERS.map(String), // web payment service types (admin)
  'blogPosts.visibility.': BLOG_VISIBILITIES.map(String), // blog post visibility (admin)
  'cashData.dirtiness.': DIRTINESS, // sensor dirtiness states (cash data)
  'cashData.medium.': CASH_MEDIA, // coins, notes (cash data)
  'cashData.movement.': MOVEMENT_KINDS, // cash movement kinds (cash data)
  'cashData.reason.': REJECTION_REASONS, // rejection reasons (cash data)
  'cashData.sensor.': SENSOR_NAMES, // sensor names (cash data, thresholds)
  'cashData.submodule.': SUBMODULES, // submodules (cash data, dirtiness)
  'vpConfigurations.download.invalid.': ['expiresOn', 'deviceSerial', 'usbSerial'], // the download options' field messages
  'vpConfigurations.pos.state.': ['running', 'pending', 'failed', 'other'], // a machine's state with the version sent
  'screenConfigurations.orientation.': SCREEN_ORIENTATIONS,
  'screenConfigurations.theme.': SCREEN_THEMES,
};

type Catalogue = Record<string, unknown>;
const catalogues: Record<string, Catalogue> = Object.fromEntries(
  LANGUAGES.map((lang) => [lang, JSON.parse(readFileSync(join(I18N, `${lang}.json`), 'utf8')) as Catalogue]),
);
const allKeys = [...new Set(Object.values(catalogues).flatMap((c) => Object.keys(c)))].sort();
const namespaces = new Set(allKeys.map((k) => k.split('.')[0]!));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The text from `open` (an index of `(` or `{`) to its matching closer; strings are skipped roughly. */
function balanced(text: string, open: number): string {
  const pairs: Record<string, string> = { '(': ')', '{': '}' };
  const stack: string[] = [];
  let quote: string | null = null;
  for (let i = open; i < text.length; i++) {
    const ch = text[i]!;
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = null;
      continue;
    }
    if (ch === "'" || ch === '"' || ch === '`') quote = ch;
    else if (pairs[ch]) stack.push(pairs[ch]);
    else if (ch === stack.at(-1)) {
      stack.pop();
      if (stack.length === 0) return text.slice(open, i + 1);
    }
  }
  return text.slice(open);
}

const LITERAL = /(['"])((?:(?!\1)[^\\\n])*)\1/g;
const TEMPLATE_PREFIX = /`([A-Za-z][\w]*(?:\.[\w]+)*\.)\$\{/g;
const ID_SHAPE = /^[A-Za-z][\w]*(?:\.[\w-]+)+$/;
const FILE_NAME = /\.(css|csv|json|js|mjs|ts|tsx|png|jpe?g|svg|pdf|zip|html?)$/i;

interface Use {
  id: string;
  where: string;
}

interface Scan {
  ids: Use[];
  dynamicPrefixes: Use[];
}

/** The message ids one source file uses (literal) or builds (template prefix). */
function scan(file: string, text: string): Scan {
  const where = relative(ROOT, file);
  const ids: Use[] = [];
  const dynamicPrefixes: Use[] = [];
  const literalsIn = (expression: string) => {
    for (const m of expression.matchAll(LITERAL)) if (ID_SHAPE.test(m[2]!)) ids.push({ id: m[2]!, where });
    for (const m of expression.matchAll(TEMPLATE_PREFIX)) dynamicPrefixes.push({ id: m[1]!, where });
  };

  // formatMessage({ id: … }) and defineMessages({ x: { id: … } }): the expression after each `id:`.
  for (const m of text.matchAll(/\b(?:formatMessage|defineMessages|defineMessage)\s*\(/g)) {
    const args = balanced(text, m.index + m[0].length - 1);
    for (const idm of args.matchAll(/\bid\s*:\s*([^,}\n]+)/g)) literalsIn(idm[1]!);
  }
  // <FormattedMessage id="…" /> or id={…}
  for (const m of text.matchAll(/<FormattedMessage\b/g)) {
    const rest = text.slice(m.index, m.index + 2000);
    const idm = /\bid=/.exec(rest);
    if (!idm) continue;
    const at = idm.index + idm[0].length;
    literalsIn(rest[at] === '{' ? balanced(rest, at) : rest.slice(at, rest.indexOf(rest[at]!, at + 1) + 1));
  }
  // Props and keys that carry a message id: messageId, emptyMessageId, labelId, …
  for (const m of text.matchAll(/\b\w*(?:[mM]essageId|[lL]abelId)\s*[:=]\s*(\{[^}\n]*\}|['"][^'"\n]*['"])/g)) literalsIn(m[1]!);
  // Any other literal in a catalogue namespace (message maps, defaults, conditionals), but API route ids
  // (`useMayCall('clients.update')`: their type, ApiRouteId, checks them).
  for (const m of text.matchAll(LITERAL)) {
    const value = m[2]!;
    if (ID_SHAPE.test(value) && namespaces.has(value.split('.')[0]!) && !FILE_NAME.test(value) && !(value in API_ROLES)) ids.push({ id: value, where });
  }
  for (const m of text.matchAll(TEMPLATE_PREFIX)) if (namespaces.has(m[1]!.split('.')[0]!)) dynamicPrefixes.push({ id: m[1]!, where });
  return { ids, dynamicPrefixes };
}

const files = sourceFiles(SRC);
const uses = files.map((file) => scan(file, readFileSync(file, 'utf8')));
const usedIds = uses.flatMap((u) => u.ids);
const dynamicPrefixes = uses.flatMap((u) => u.dynamicPrefixes);

/** Every ICU argument name of a message ({min}, {count, plural, …}, <b>…</b>). */
function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const el of elements) {
    if (el.type === TYPE.literal || el.type === TYPE.pound) continue;
    into.add(el.type === TYPE.tag ? `<${el.value}>` : el.value);
    if (el.type === TYPE.tag) argumentsOf(el.children, into);
    if (el.type === TYPE.plural || el.type === TYPE.select) for (const option of Object.values(el.options)) argumentsOf(option.value, into);
  }
  return into;
}

describe('message catalogues', () => {
  it('the six catalogues exist and each has every key any of them has', () => {
    expect(Object.keys(catalogues).sort()).toEqual([...LANGUAGES].sort());
    const missing = Object.entries(catalogues).flatMap(([lang, messages]) => allKeys.filter((k) => !(k in messages)).map((k) => `${lang}: ${k}`));
    expect(missing).toEqual([]);
  });

  it('has no empty or non-text message', () => {
    const bad = Object.entries(catalogues).flatMap(([lang, messages]) =>
      Object.entries(messages)
        .filter(([, value]) => typeof value !== 'string' || value.trim() === '')
        .map(([key]) => `${lang}: ${key}`),
    );
    expect(bad).toEqual([]);
  });

  it('every message is valid ICU with the same arguments in every language', () => {
    const problems: string[] = [];
    for (const key of allKeys) {
      const argsByLang = new Map<string, string>();
      for (const [lang, messages] of Object.entries(catalogues)) {
        const value = messages[key];
        if (typeof value !== 'string') continue;
        try {
          argsByLang.set(lang, [...argumentsOf(parse(value))].sort().join(','));
        } catch (error) {
          problems.push(`${lang}: ${key}: ${(error as Error).message}`);
        }
      }
      if (new Set(argsByLang.values()).size > 1) problems.push(`${key}: ${[...argsByLang].map(([l, a]) => `${l}={${a}}`).join(' ')}`);
    }
    expect(problems).toEqual([]);
  });
});

describe('message ids used by the sources', () => {
  it('finds the ids (the scanner itself works)', () => {
    expect(files.length).toBeGreaterThan(10);
    const found = new Set(usedIds.map((u) => u.id));
    // One of each way of using an id: <FormattedMessage id>, formatMessage, a toast's messageId, a message map.
    for (const id of ['login.title', 'menu.toggle', 'session.expired', 'login.error.wrongCredentials', 'password.rule.match', 'profile.updated']) {
      expect(found, id).toContain(id);
    }
    expect(dynamicPrefixes.map((d) => d.id)).toContain('roles.');
  });

  it('every literal id exists in all six catalogues', () => {
    const missing = usedIds.flatMap((u) =>
      Object.entries(catalogues)
        .filter(([, messages]) => !(u.id in messages))
        .map(([lang]) => `${u.where}: ${u.id} (${lang})`),
    );
    expect([...new Set(missing)]).toEqual([]);
  });

  it('every id built at run time has a known prefix whose every value is in all six catalogues', () => {
    const unknown = dynamicPrefixes.filter((d) => DYNAMIC_IDS[d.id] === undefined).map((d) => `${d.where}: \`${d.id}\${…}\` (list its values in DYNAMIC_IDS)`);
    expect([...new Set(unknown)]).toEqual([]);
    const missing = Object.entries(DYNAMIC_IDS).flatMap(([prefix, values]) =>
      values.flatMap((value) =>
        Object.entries(catalogues)
          .filter(([, messages]) => !(`${prefix}${value}` in messages))
          .map(([lang]) => `${prefix}${value} (${lang})`),
      ),
    );
    expect(missing).toEqual([]);
  });
});
