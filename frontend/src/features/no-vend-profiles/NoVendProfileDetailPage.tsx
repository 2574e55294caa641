import type { NoVendProfileInput } from '#schemas/no-vend-profile';
import { CrudDetailPage } from '../../components/crud/CrudDetailPage';
import { useItemAddress } from '../../components/crud/item-address';
import { deleteProfile } from './api/delete-profile';
import { useProfile } from './api/get-profile';
import { updateProfile } from './api/update-profile';
import { NoVendProfileForm } from './components/NoVendProfileForm';
import { profileErrorMessageId } from './messages';
import './no-vend-profiles.css';

/** /manage/no-vend-profiles/{id}?merchantId=: the profile, editable (not by merchant users) and deleted after confirmation. */
export function NoVendProfileDetailPage() {
  const { id, merchantId } = useItemAddress();
  const profile = useProfile(merchantId, id);
  return (
    <CrudDetailPage
      result={profile}
      updateRoute="noVendProfiles.update"
      remove={{
        route: 'noVendProfiles.delete',
        messages: {
          action: 'noVendProfiles.delete.action',
          confirmTitle: 'noVendProfiles.delete.confirmTitle',
          confirmMessage: 'noVendProfiles.delete.confirmMessage',
          confirm: 'noVendProfiles.delete.confirm',
          cancel: 'noVendProfiles.cancel',
          deleted: 'noVendProfiles.deleted',
        },
        remove: () => deleteProfile(merchantId!, id),
        testId: 'no-vend-profile-delete',
      }}
      titleId="noVendProfiles.detail.title"
      testId="no-vend-profile-detail-page"
      listPath="/manage/no-vend-profiles"
      backMessageId="noVendProfiles.backToList"
      errorMessageId={profileErrorMessageId}
    >
      {(p, canEdit) => (
        <NoVendProfileForm
          key={p.updatedAt}
          initial={{ name: p.name, description: p.description, periods: p.periods }}
          canEdit={canEdit}
          submitLabelId="noVendProfiles.save"
          successMessageId="noVendProfiles.updated"
          send={(input: NoVendProfileInput) => updateProfile(p.merchantId, p.id, input)}
        />
      )}
    </CrudDetailPage>
  );
}
