import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { LANGUAGES, type Language } from '../../../../schemas/collections';
import { PageSpinner, Spinner } from '../../components/Spinner';
import { errorMessageId, ErrorState } from '../../components/states';
import { useToast } from '../../components/toasts';
import { ApiError, UNAUTHENTICATED } from '../../lib/api';
import { useLanguage } from '../../lib/intl';
import { isLanguage } from '../../lib/language';
import { useMe } from '../../lib/resources/get-me';
import { useUpdateMyLanguage } from '../../lib/resources/update-me';

/** A language's own name ("Deutsch"), so a user who switched by mistake still finds theirs. */
function endonym(language: Language): string {
  try {
    const name = new Intl.DisplayNames([language], { type: 'language' }).of(language) ?? '';
    return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
  } catch {
    return '';
  }
}

/** /settings/profile (all roles): the email (read-only) and the UI language, saved on the user's record. */
export function ProfilePage() {
  const intl = useIntl();
  const fieldId = useId();
  const me = useMe();
  const { setLanguage } = useLanguage();
  const { showToast } = useToast();
  const update = useUpdateMyLanguage();
  const [pending, setPending] = useState<Language | null>(null);

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
    <div className="page" data-testid="profile">
      <header className="page__header">
        <h1>
          <FormattedMessage id="profile.title" />
        </h1>
      </header>

      {me.isLoading ? (
        <PageSpinner />
      ) : me.error || !me.data ? (
        <ErrorState error={me.error} onRetry={() => void me.mutate()} />
      ) : (
        <>
          <section className="card settings-card" aria-labelledby="profile-account">
            <h2 id="profile-account">
              <FormattedMessage id="profile.account.title" />
            </h2>
            <div className="form">
              <label className="field">
                <span className="field__label">
                  <FormattedMessage id="profile.email" />
                </span>
                <input type="email" value={me.data.email} readOnly data-testid="profile-email" />
              </label>
              <label className="field">
                <span className="field__label">
                  <FormattedMessage id="profile.role" />
                </span>
                <input type="text" value={intl.formatMessage({ id: `roles.${me.data.role}` })} readOnly data-testid="profile-role" />
              </label>
              <div className="field">
                <label className="field__label" htmlFor={fieldId}>
                  <FormattedMessage id="profile.language" />
                </label>
                <div className="inline-status">
                  <select
                    id={fieldId}
                    value={pending ?? me.data.language}
                    onChange={(e) => void onLanguage(e.target.value)}
                    disabled={pending !== null}
                    aria-describedby={`${fieldId}-hint`}
                    data-testid="profile-language"
                  >
                    {LANGUAGES.map((language) => {
                      const own = endonym(language);
                      const name = intl.formatMessage({ id: `language.${language}` });
                      return (
                        <option key={language} value={language}>
                          {own && own.toLocaleLowerCase() !== name.toLocaleLowerCase() ? `${name} (${own})` : name}
                        </option>
                      );
                    })}
                  </select>
                  {pending !== null && <Spinner size="small" label={intl.formatMessage({ id: 'profile.saving' })} />}
                </div>
                <span className="form__hint" id={`${fieldId}-hint`}>
                  <FormattedMessage id="profile.language.hint" />
                </span>
              </div>
            </div>
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
    </div>
  );
}
