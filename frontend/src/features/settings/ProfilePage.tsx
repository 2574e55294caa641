import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { LANGUAGES, type Language } from '#schemas/collections';
import { Field, TextField } from '../../components/form/fields';
import { Page } from '../../components/Page';
import { Spinner } from '../../components/Spinner';
import { errorMessageId, Loaded } from '../../components/states';
import { useToast } from '../../components/toasts';
import { ApiError, UNAUTHENTICATED } from '../../lib/api';
import { languageName } from '../../lib/format';
import { useLanguage } from '../../lib/intl';
import { isLanguage } from '../../lib/language';
import { useMe } from '../../lib/resources/get-me';
import { updateMe, useUpdateMyLanguage } from '../../lib/resources/update-me';
import { CheckboxField } from '../../components/form/fields';

/** /settings/profile (all roles): the email (read-only), the UI language and the alarm notifications switch, saved on the user’s record. */
export function ProfilePage() {
  const intl = useIntl();
  const me = useMe();
  const { setLanguage } = useLanguage();
  const { showToast } = useToast();
  const update = useUpdateMyLanguage();
  const [pending, setPending] = useState<Language | null>(null);
  /** The switch as the user just set it, while the save runs. */
  const [switching, setSwitching] = useState<boolean | null>(null);

  async function onNotifications(on: boolean) {
    setSwitching(on);
    try {
      await updateMe({ receiveNotifications: on });
      showToast({ kind: 'success', messageId: 'profile.updated' });
    } catch (error) {
      if (error instanceof ApiError && (error.code === UNAUTHENTICATED || error.status === 401)) return;
      const id = errorMessageId(error);
      showToast({ kind: 'error', messageId: id === 'errors.generic' ? 'profile.error.update' : id });
    } finally {
      setSwitching(null);
    }
  }

  async function onLanguage(value: string) {
    if (!isLanguage(value) || value === me.data?.language) return;
    setPending(value);
    try {
      // Saved first: the session follows the user's record, so the UI switches once the record says so.
      const user = await update.trigger(value);
      await setLanguage(user.language);
      showToast({ kind: 'success', messageId: 'profile.updated' });
    } catch (error) {
      // No token any more: the session has logged out and told the user already.
      if (error instanceof ApiError && (error.code === UNAUTHENTICATED || error.status === 401)) return;
      const id = errorMessageId(error);
      showToast({ kind: 'error', messageId: id === 'errors.generic' ? 'profile.error.update' : id });
    } finally {
      setPending(null);
    }
  }

  return (
    <Page title={<FormattedMessage id="profile.title" />} testId="profile">
      <Loaded result={me}>
        {(user) => (
          <>
            <section className="card settings-card" aria-labelledby="profile-account">
              <h2 id="profile-account">
                <FormattedMessage id="profile.account.title" />
              </h2>
              <div className="form">
                <TextField labelId="profile.email" type="email" value={user.email} readOnly testId="profile-email" />
                <TextField labelId="profile.role" value={intl.formatMessage({ id: `roles.${user.role}` })} readOnly testId="profile-role" />
                <Field labelId="profile.language" hint={<FormattedMessage id="profile.language.hint" />}>
                  {(control) => (
                    <div className="inline-status">
                      <select
                        {...control}
                        value={pending ?? user.language}
                        onChange={(e) => void onLanguage(e.target.value)}
                        disabled={pending !== null}
                        data-testid="profile-language"
                      >
                        {LANGUAGES.map((language) => {
                          // Its own name beside ("Tedesco (Deutsch)"), so a user who switched by mistake still finds theirs.
                          const own = languageName(language, language);
                          const name = languageName(language, intl.locale);
                          return (
                            <option key={language} value={language}>
                              {own !== name ? `${name} (${own})` : name}
                            </option>
                          );
                        })}
                      </select>
                      {pending !== null && <Spinner size="small" label={intl.formatMessage({ id: 'profile.saving' })} />}
                    </div>
                  )}
                </Field>
              </div>
            </section>

            <section className="card settings-card" aria-labelledby="profile-notifications">
              <h2 id="profile-notifications">
                <FormattedMessage id="profile.notifications.title" />
              </h2>
              <div className="inline-status">
                <CheckboxField
                  name="receiveNotifications"
                  labelId="profile.notifications.receive"
                  checked={switching ?? user.receiveNotifications}
                  disabled={switching !== null}
                  onChange={(on) => void onNotifications(on)}
                />
                {switching !== null && <Spinner size="small" label={intl.formatMessage({ id: 'profile.saving' })} />}
              </div>
              {user.notificationsOffReason && (
                <p className="muted" data-testid="profile-notifications-reason">
                  <FormattedMessage id={`profile.notifications.off.${user.notificationsOffReason}`} />
                </p>
              )}
            </section>

            <section className="card settings-card" aria-labelledby="profile-password">
              <h2 id="profile-password">
                <FormattedMessage id="profile.password.title" />
              </h2>
              <p className="muted">
                <FormattedMessage id="profile.password.hint" />
              </p>
              <Link to="/settings/password" className="button button--secondary" data-testid="profile-change-password">
                <FormattedMessage id="profile.password.link" />
              </Link>
            </section>
          </>
        )}
      </Loaded>
    </Page>
  );
}
