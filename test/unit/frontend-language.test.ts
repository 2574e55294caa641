import { describe, expect, it } from 'vitest';
import { pickInitialLanguage } from '../../frontend/src/lib/language';
import { menuFor, MENU } from '../../frontend/src/app/menu';
import { canOpen, ROUTE_ROLES } from '../../frontend/src/app/route-roles';
import it_ from '../../frontend/src/i18n/it.json';
import en from '../../frontend/src/i18n/en.json';
import es from '../../frontend/src/i18n/es.json';
import fr from '../../frontend/src/i18n/fr.json';
import de from '../../frontend/src/i18n/de.json';
import pt from '../../frontend/src/i18n/pt.json';

describe('initial UI language', () => {
  it('follows the browser when the language is supported', () => {
    expect(pickInitialLanguage(['fr-FR', 'en'])).toBe('fr');
    expect(pickInitialLanguage(['pt_BR'])).toBe('pt');
    expect(pickInitialLanguage(['nl-NL', 'de-AT'])).toBe('de');
  });

  it('falls back to English for an unsupported browser language', () => {
    expect(pickInitialLanguage(['nl-NL', 'ja'])).toBe('en');
  });

  it('uses the default (Italian) when the browser states nothing', () => {
    expect(pickInitialLanguage([])).toBe('it');
  });

  it('prefers the language remembered for the last user', () => {
    expect(pickInitialLanguage(['en-US'], 'es')).toBe('es');
    expect(pickInitialLanguage(['en-US'], 'xx')).toBe('en');
  });
});

describe('message catalogues', () => {
  const catalogues = { it: it_, en, es, fr, de, pt } as Record<string, Record<string, string>>;
  const keys = Object.keys(en).sort();

  it('all six have the same keys, none empty', () => {
    for (const [lang, messages] of Object.entries(catalogues)) {
      expect(Object.keys(messages).sort(), lang).toEqual(keys);
      for (const key of keys) expect(messages[key]?.trim(), `${lang} ${key}`).not.toBe('');
    }
  });

  it('label merchants as distributors in every language', () => {
    expect(Object.fromEntries(Object.entries(catalogues).map(([l, m]) => [l, m['merchant.selector.label']]))).toEqual({
      it: 'Distributore',
      en: 'Distributor',
      es: 'Distribuidor',
      fr: 'Distributeur',
      de: 'Vertriebspartner',
      pt: 'Distribuidor',
    });
  });

  it('have a message for every role and menu entry', () => {
    for (const messages of Object.values(catalogues)) {
      for (const role of ['NEBULARSUPERADMIN', 'NEBULARMERCHANTADMIN', 'NEBULARGROUPADMIN', 'NEBULARMERCHANTUSER']) {
        expect(messages[`roles.${role}`]).toBeTruthy();
      }
      for (const entry of MENU) expect(messages[entry.messageId]).toBeTruthy();
    }
  });
});

describe('route roles and menu', () => {
  it('keep super-admin areas for the super admin', () => {
    expect(canOpen('/admin/merchants', 'NEBULARSUPERADMIN')).toBe(true);
    expect(canOpen('/admin/merchants', 'NEBULARMERCHANTADMIN')).toBe(false);
    expect(canOpen('/admin-dashboard', 'NEBULARGROUPADMIN')).toBe(false);
    expect(canOpen('/devices/:id/pos-sensordirtyness', 'NEBULARMERCHANTUSER')).toBe(false);
  });

  it('apply the spec exceptions for merchant users and group admins', () => {
    expect(canOpen('/devices/remote-commands', 'NEBULARMERCHANTUSER')).toBe(false);
    expect(canOpen('/devices/vp/configurations/:id', 'NEBULARMERCHANTUSER')).toBe(true);
    expect(canOpen('/devices/vp/configurations/create', 'NEBULARMERCHANTUSER')).toBe(false);
    expect(canOpen('/service-manager', 'NEBULARGROUPADMIN')).toBe(false);
    expect(canOpen('/service-manager', 'NEBULARMERCHANTUSER')).toBe(true);
    expect(canOpen('/manage/users', 'NEBULARGROUPADMIN')).toBe(false);
    expect(canOpen('/manage/groups', 'NEBULARGROUPADMIN')).toBe(true);
  });

  it('deny every route without a valid role', () => {
    for (const route of Object.keys(ROUTE_ROLES) as (keyof typeof ROUTE_ROLES)[]) expect(canOpen(route, null)).toBe(false);
  });

  it('show the dashboard to all four roles', () => {
    for (const role of ['NEBULARSUPERADMIN', 'NEBULARMERCHANTADMIN', 'NEBULARGROUPADMIN', 'NEBULARMERCHANTUSER'] as const) {
      expect(menuFor(role, null).map((e) => e.id)).toContain('dashboard');
    }
    expect(menuFor(null, null)).toEqual([]);
  });
});

describe('feature flag labels', () => {
  it('exist in all six catalogues', async () => {
    const { FEATURE_FLAGS } = await import('#schemas/features');
    for (const messages of [it_, en, es, fr, de, pt] as Record<string, string>[]) {
      for (const flag of FEATURE_FLAGS) expect(messages[`features.${flag}`]).toBeTruthy();
    }
  });
});
