import { type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { MAX_PORTAL_CONTACTS, MOBILE_THEMES, PortalSettingsInput, type PortalContact, type PortalSettings } from '#schemas/cogeskey';
import { CheckboxField, SelectField, TextField } from '../../../components/form/fields';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { useDraft } from '../../../components/form/use-draft';
import { useFormSubmit } from '../../../components/form/use-form-submit';
import { Loaded } from '../../../components/states';
import { usePortalCatalogue } from '../api/get-catalogue';
import { savePortal } from '../api/save-portal';
import { PORTAL_FORM_MESSAGES, portalErrorMessageId } from '../messages';

const THEME_LABELS: Record<(typeof MOBILE_THEMES)[number], string> = { 0: 'cogeskey.theme.0', 1: 'cogeskey.theme.1' };

type Draft = Omit<PortalSettingsInput, 'mobileTheme'> & { mobileTheme: string };
const toggle = (list: string[], id: string, on: boolean) => (on ? [...list, id] : list.filter((x) => x !== id));

/** The portal's settings (spec §3): name, website, main colour, mobile theme, contacts, privacy text, the services and posts it shows. */
export function PortalSettingsForm({ merchantId, portal }: { merchantId: string; portal: PortalSettings }) {
  const intl = useIntl();
  const catalogue = usePortalCatalogue();
  const { errors, saving, submit } = useFormSubmit(PortalSettingsInput, 'cogeskey.saved', PORTAL_FORM_MESSAGES);
  const { draft, field, set } = useDraft<Draft>(
    () => ({
      name: portal.name,
      websiteUrl: portal.websiteUrl,
      mainColor: portal.mainColor,
      mobileTheme: String(portal.mobileTheme),
      contacts: portal.contacts,
      privacyText: portal.privacyText,
      serviceIds: portal.serviceIds,
      blogPostIds: portal.blogPostIds,
    }),
    errors,
  );
  const setContact = (i: number, part: keyof PortalContact, value: string) =>
    set('contacts')(draft.contacts.map((c, j) => (j === i ? { ...c, [part]: value } : c)));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void submit({ ...draft, mobileTheme: Number(draft.mobileTheme) }, (input) => savePortal(merchantId, input));
  }

  return (
    <form className="card form" onSubmit={onSubmit} noValidate aria-labelledby="portal-settings-title" data-testid="portal-settings-form">
      <h2 id="portal-settings-title">
        <FormattedMessage id="cogeskey.settings" />
      </h2>
      <div className="form-grid">
        <TextField {...field('name')} labelId="cogeskey.field.name" required />
        <TextField {...field('websiteUrl')} labelId="cogeskey.field.websiteUrl" type="url" />
        <TextField
          {...field('mainColor')}
          labelId="cogeskey.field.mainColor"
          hint={
            <span className="portal-swatch-hint">
              <span className="portal-swatch" style={{ background: /^#[0-9a-fA-F]{6}$/.test(draft.mainColor) ? draft.mainColor : 'transparent' }} aria-hidden />
              <FormattedMessage id="cogeskey.field.mainColor.hint" />
            </span>
          }
        />
        <SelectField
          {...field('mobileTheme')}
          labelId="cogeskey.field.mobileTheme"
          options={MOBILE_THEMES.map((t) => ({ value: String(t), label: intl.formatMessage({ id: THEME_LABELS[t] }) }))}
        />
      </div>
      <fieldset className="portal-contacts" data-testid="portal-contacts">
        <legend>
          <FormattedMessage id="cogeskey.field.contacts" />
        </legend>
        {draft.contacts.length === 0 && (
          <p className="form__hint">
            <FormattedMessage id="cogeskey.contacts.empty" />
          </p>
        )}
        {draft.contacts.map((c, i) => (
          <div key={i} className="form-grid portal-contacts__row" data-testid={`portal-contact-${i}`}>
            <TextField name={`contact-${i}-label`} value={c.label} onChange={(v) => setContact(i, 'label', v)} labelId="cogeskey.contact.label" />
            <TextField name={`contact-${i}-phone`} value={c.phone} onChange={(v) => setContact(i, 'phone', v)} labelId="cogeskey.contact.phone" />
            <TextField name={`contact-${i}-email`} value={c.email} onChange={(v) => setContact(i, 'email', v)} labelId="cogeskey.contact.email" type="email" />
            <button type="button" className="button button--secondary" onClick={() => set('contacts')(draft.contacts.filter((_, j) => j !== i))}>
              <FormattedMessage id="cogeskey.contact.remove" />
            </button>
          </div>
        ))}
        {errors.contacts && (
          <span className="field__error" role="alert" data-testid="error-contacts">
            <FormattedMessage id={errors.contacts.messageId} values={errors.contacts.values} />
          </span>
        )}
        {draft.contacts.length < MAX_PORTAL_CONTACTS && (
          <button
            type="button"
            className="button button--secondary"
            data-testid="portal-contact-add"
            onClick={() => set('contacts')([...draft.contacts, { label: '', phone: '', email: '' }])}
          >
            <FormattedMessage id="cogeskey.contact.add" />
          </button>
        )}
      </fieldset>
      <TextField {...field('privacyText')} labelId="cogeskey.field.privacyText" multiline />
      <Loaded result={catalogue} errorMessageId={portalErrorMessageId}>
        {({ services, posts }) => (
          <div className="form-grid">
            <fieldset data-testid="portal-services">
              <legend>
                <FormattedMessage id="cogeskey.field.services" />
              </legend>
              {services.length === 0 && (
                <p className="form__hint">
                  <FormattedMessage id="cogeskey.services.empty" />
                </p>
              )}
              {services.map((s) => (
                <CheckboxField
                  key={s.id}
                  name={`service-${s.id}`}
                  label={s.name}
                  checked={draft.serviceIds.includes(s.id)}
                  onChange={(on) => set('serviceIds')(toggle(draft.serviceIds, s.id, on))}
                />
              ))}
            </fieldset>
            <fieldset data-testid="portal-posts">
              <legend>
                <FormattedMessage id="cogeskey.field.blogPosts" />
              </legend>
              {posts.length === 0 && (
                <p className="form__hint">
                  <FormattedMessage id="cogeskey.posts.empty" />
                </p>
              )}
              {posts.map((p) => (
                <CheckboxField
                  key={p.id}
                  name={`post-${p.id}`}
                  label={p.visibility === 1 ? p.title : intl.formatMessage({ id: 'cogeskey.posts.hidden' }, { title: p.title })}
                  checked={draft.blogPostIds.includes(p.id)}
                  onChange={(on) => set('blogPostIds')(toggle(draft.blogPostIds, p.id, on))}
                />
              ))}
            </fieldset>
          </div>
        )}
      </Loaded>
      <div className="form__actions">
        <SubmitButton labelId="cogeskey.save" busy={saving} testId="portal-save" />
      </div>
    </form>
  );
}
