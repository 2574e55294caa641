import { useMemo, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type * as z from 'zod/mini';
import { LANGUAGES, type Language } from '#schemas/collections';
import type { Group } from '#schemas/group';
import { ALL_DISTRIBUTORS_ID } from '#schemas/merchant';
import type { Role } from '#schemas/roles';
import { INVISIBLE_FLAGS, UserCreate, type UserUpdate } from '#schemas/user';
import { CheckboxField, SelectField, TextField } from '../../../components/form/fields';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { useDraft } from '../../../components/form/use-draft';
import { useFormSubmit } from '../../../components/form/use-form-submit';
import { Spinner } from '../../../components/Spinner';
import { languageName } from '../../../lib/format';
import type { FieldError } from '../../../lib/form-errors';
import { useMyMerchants } from '../../../lib/resources/get-my-merchants';
import { useSession } from '../../../lib/session';
import { useGroupsOfMerchants } from '../../../lib/resources/get-merchant-groups';
import { USER_FORM_MESSAGES } from '../messages';
import {
  assignableRoles,
  checkUserRules,
  merchantsWithoutGroup,
  needsMerchants,
  userBody,
  withoutMerchant,
  type InvisibleFlag,
  type UserDraft,
} from '../user-draft';

/** The flags only the super admin sees (schemas/user INVISIBLE_FLAGS) and their labels. */
const FLAG_MESSAGES: Record<InvisibleFlag, string> = {
  BETA_FEATURES: 'users.flag.betaFeatures',
  SUPPORT_ACCESS: 'users.flag.supportAccess',
  API_ACCESS: 'users.flag.apiAccess',
};

interface UserFormProps<S extends typeof UserCreate | typeof UserUpdate> {
  /** UserCreate (with the email) or UserUpdate. */
  schema: S;
  initial: UserDraft;
  submitLabelId: string;
  successMessageId: string;
  send: (input: z.output<S>) => Promise<unknown>;
}

/**
 * Role, language, merchants (among the caller's), groups per merchant, licensing and notifications; the
 * flags invisible to merchants for the super admin only. The email is set once, when the user is invited.
 */
export function UserForm<S extends typeof UserCreate | typeof UserUpdate>({ schema, initial, submitLabelId, successMessageId, send }: UserFormProps<S>) {
  const intl = useIntl();
  const { identity } = useSession();
  const callerIsSuperAdmin = identity?.role === 'NEBULARSUPERADMIN';
  const create = schema === UserCreate;
  // `schema` and `send` go together (S): checked by the caller's types, used here as either.
  const { errors, saving, submit } = useFormSubmit<typeof UserCreate | typeof UserUpdate>(schema, successMessageId, USER_FORM_MESSAGES);
  const sendInput = send as (input: UserCreate | UserUpdate) => Promise<unknown>;
  const { draft, setDraft, set, field } = useDraft(initial, errors);
  const [submitted, setSubmitted] = useState(false);

  const myMerchants = useMyMerchants();
  const mine = useMemo(() => (myMerchants.data ?? []).filter((m) => m.id !== ALL_DISTRIBUTORS_ID), [myMerchants.data]);
  // A user may also belong to merchants the caller does not manage: shown, but not the caller's to change.
  const merchantOptions = useMemo(() => {
    const known = mine.map((m) => ({ id: m.id, name: m.name, editable: true }));
    const others = draft.merchantIds.filter((id) => !mine.some((m) => m.id === id)).map((id) => ({ id, name: id, editable: false }));
    return [...known, ...others];
  }, [mine, draft.merchantIds]);
  const groupMerchants = draft.merchantIds.filter((id) => mine.some((m) => m.id === id));
  const groups = useGroupsOfMerchants(groupMerchants);
  const groupsByMerchant: Record<string, Group[]> = groups.data ?? {};

  const roleOptions = assignableRoles(identity?.role).map((role) => ({ value: role, label: intl.formatMessage({ id: `roles.${role}` }) }));
  const languageOptions = LANGUAGES.map((code) => ({ value: code, label: languageName(code, intl.locale) }));
  const scoped = needsMerchants(draft.role);
  const groupAdmin = draft.role === 'NEBULARGROUPADMIN';
  const bare = groupAdmin && submitted ? merchantsWithoutGroup(groupMerchants, draft.groupIds, groupsByMerchant) : [];

  function toggleMerchant(id: string, on: boolean) {
    setDraft((d) => (on ? { ...d, merchantIds: [...d.merchantIds, id] } : withoutMerchant(d, id, groupsByMerchant[id] ?? [])));
  }

  function toggle(key: 'groupIds' | 'invisibleFlags', value: string, on: boolean) {
    setDraft((d) => ({ ...d, [key]: on ? [...d[key], value] : d[key].filter((v) => v !== value) }));
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    void submit(userBody(draft, { create, callerIsSuperAdmin }), sendInput, (input) => checkUserRules(input, groupsByMerchant));
  }

  return (
    <form className="card form" onSubmit={onSubmit} noValidate data-testid="user-form">
      <div className="form-grid">
        <TextField {...field('email')} labelId="users.field.email" type="email" autoComplete="off" readOnly={!create} />
        <SelectField {...field('role')} labelId="users.field.role" options={roleOptions} onChange={(role) => set('role')(role as Role)} />
        <SelectField
          {...field('language')}
          labelId="users.field.language"
          options={languageOptions}
          onChange={(language) => set('language')(language as Language)}
        />
      </div>

      {scoped && (
        <fieldset className="form-stack user-form__choices" data-testid="user-merchants" aria-invalid={errors.merchantIds ? true : undefined}>
          <legend className="field__label">
            <FormattedMessage id="users.field.merchants" />
          </legend>
          {myMerchants.isLoading ? (
            <Spinner size="small" />
          ) : (
            <div className="checkbox-grid">
              {merchantOptions.map((m) => (
                <CheckboxField
                  key={m.id}
                  name={`merchant-${m.id}`}
                  label={m.name}
                  checked={draft.merchantIds.includes(m.id)}
                  disabled={!m.editable}
                  onChange={(on) => toggleMerchant(m.id, on)}
                />
              ))}
            </div>
          )}
          <ChoiceError name="merchantIds" error={errors.merchantIds} />
        </fieldset>
      )}

      {scoped && groupMerchants.length > 0 && (
        <fieldset className="form-stack user-form__choices" data-testid="user-groups" aria-invalid={errors.groupIds ? true : undefined}>
          <legend className="field__label">
            <FormattedMessage id="users.field.groups" />
          </legend>
          <p className="form__hint">
            <FormattedMessage id={groupAdmin ? 'users.field.groups.hintGroupAdmin' : 'users.field.groups.hint'} />
          </p>
          {groupMerchants.map((merchantId) => {
            const list = groups.data?.[merchantId];
            const missing = bare.includes(merchantId);
            return (
              <fieldset key={merchantId} className="user-form__merchant-groups" data-merchant-id={merchantId} aria-invalid={missing ? true : undefined}>
                <legend>{merchantOptions.find((m) => m.id === merchantId)?.name ?? merchantId}</legend>
                {list === undefined ? (
                  groups.error ? (
                    <FormattedMessage id="users.groups.loadError" />
                  ) : (
                    <Spinner size="small" />
                  )
                ) : list.length === 0 ? (
                  <span className="form__hint">
                    <FormattedMessage id="users.groups.none" />
                  </span>
                ) : (
                  <div className="checkbox-grid">
                    {list.map((g) => (
                      <CheckboxField
                        key={g.id}
                        name={`group-${g.id}`}
                        label={g.name}
                        checked={draft.groupIds.includes(g.id)}
                        onChange={(on) => toggle('groupIds', g.id, on)}
                      />
                    ))}
                  </div>
                )}
                {missing && (
                  <span className="field__error" data-testid={`error-groups-${merchantId}`}>
                    <FormattedMessage id="users.groups.required" />
                  </span>
                )}
              </fieldset>
            );
          })}
          <ChoiceError name="groupIds" error={errors.groupIds} />
        </fieldset>
      )}

      <div className="form-stack">
        <CheckboxField name="allowLicensing" labelId="users.field.allowLicensing" checked={draft.allowLicensing} onChange={set('allowLicensing')} />
        <CheckboxField
          name="receiveNotifications"
          labelId="users.field.receiveNotifications"
          checked={draft.receiveNotifications}
          onChange={set('receiveNotifications')}
        />
      </div>

      {callerIsSuperAdmin && (
        <fieldset className="form-stack user-form__choices" data-testid="user-invisible-flags">
          <legend className="field__label">
            <FormattedMessage id="users.field.invisibleFlags" />
          </legend>
          <p className="form__hint">
            <FormattedMessage id="users.field.invisibleFlags.hint" />
          </p>
          <div className="checkbox-grid">
            {INVISIBLE_FLAGS.map((flag) => (
              <CheckboxField
                key={flag}
                name={`flag-${flag}`}
                labelId={FLAG_MESSAGES[flag]}
                checked={draft.invisibleFlags.includes(flag)}
                onChange={(on) => toggle('invisibleFlags', flag, on)}
              />
            ))}
          </div>
        </fieldset>
      )}

      <div className="form__actions">
        <SubmitButton labelId={submitLabelId} busy={saving} testId="user-submit" />
      </div>
    </form>
  );
}

/** The message of a group of checkboxes (merchants, groups). */
function ChoiceError({ name, error }: { name: string; error?: FieldError }) {
  if (!error) return null;
  return (
    <span className="field__error" role="alert" data-testid={`error-${name}`}>
      <FormattedMessage id={error.messageId} values={error.values} />
    </span>
  );
}
