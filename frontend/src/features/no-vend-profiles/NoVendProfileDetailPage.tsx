import { FormattedMessage } from 'react-intl';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import type { NoVendProfileInput } from '#schemas/no-vend-profile';
import { DeleteButton } from '../../components/DeleteButton';
import { Page } from '../../components/Page';
import { Loaded } from '../../components/states';
import { useCurrentMerchant } from '../../lib/resources/use-current-merchant';
import { useSession } from '../../lib/session';
import { deleteProfile } from './api/delete-profile';
import { useProfile } from './api/get-profile';
import { updateProfile } from './api/update-profile';
import { canEditProfiles } from './can-edit';
import { NoVendProfileForm } from './components/NoVendProfileForm';
import { profileErrorMessageId } from './messages';
import './no-vend-profiles.css';

/** /manage/no-vend-profiles/{id}?merchantId=: the profile, editable (not by merchant users) and deleted after confirmation. */
export function NoVendProfileDetailPage() {
  const id = useParams().id ?? '';
  const [search] = useSearchParams();
  const { merchant } = useCurrentMerchant();
  const merchantId = search.get('merchantId') ?? merchant?.id ?? null;
  const profile = useProfile(merchantId, id);
  const { identity } = useSession();
  const canEdit = canEditProfiles(identity?.role);

  return (
    <Page
      title={profile.data?.name ?? <FormattedMessage id="noVendProfiles.detail.title" />}
      actions={
        <>
          <Link to="/manage/no-vend-profiles" className="button button--secondary">
            <FormattedMessage id="noVendProfiles.backToList" />
          </Link>
          {canEdit && profile.data && (
            <DeleteButton
              messages={{
                action: 'noVendProfiles.delete.action',
                confirmTitle: 'noVendProfiles.delete.confirmTitle',
                confirmMessage: 'noVendProfiles.delete.confirmMessage',
                confirm: 'noVendProfiles.delete.confirm',
                cancel: 'noVendProfiles.cancel',
                deleted: 'noVendProfiles.deleted',
              }}
              remove={() => deleteProfile(merchantId!, id)}
              afterPath="/manage/no-vend-profiles"
              errorMessageId={profileErrorMessageId}
              testId="no-vend-profile-delete"
            />
          )}
        </>
      }
      testId="no-vend-profile-detail-page"
    >
      <Loaded result={profile} errorMessageId={profileErrorMessageId}>
        {(p) => (
          <NoVendProfileForm
            key={p.updatedAt}
            initial={{ name: p.name, description: p.description, periods: p.periods }}
            canEdit={canEdit}
            submitLabelId="noVendProfiles.save"
            successMessageId="noVendProfiles.updated"
            send={(input: NoVendProfileInput) => updateProfile(p.merchantId, p.id, input)}
          />
        )}
      </Loaded>
    </Page>
  );
}
