import { useNavigate } from 'react-router-dom';
import type { NoVendProfileInput } from '#schemas/no-vend-profile';
import { CrudCreatePage } from '../../components/crud/CrudCreatePage';
import { itemPath } from '../../components/crud/item-address';
import { createProfile } from './api/create-profile';
import { NEW_PROFILE, NoVendProfileForm } from './components/NoVendProfileForm';
import './no-vend-profiles.css';

/** /manage/no-vend-profiles/create: a profile of the merchant picked in the app bar, then its screen (merchant users read profiles only). */
export function NoVendProfileCreatePage() {
  const navigate = useNavigate();
  return (
    <CrudCreatePage
      route="noVendProfiles.create"
      titleId="noVendProfiles.create.title"
      testId="no-vend-profile-create-page"
      listPath="/manage/no-vend-profiles"
      backMessageId="noVendProfiles.backToList"
      chooseMessageId="noVendProfiles.chooseMerchant"
    >
      {(merchantId) => (
        <NoVendProfileForm
          key={merchantId}
          initial={NEW_PROFILE}
          canEdit
          submitLabelId="noVendProfiles.create.submit"
          successMessageId="noVendProfiles.created"
          send={async (input: NoVendProfileInput) => {
            const profile = await createProfile(merchantId, input);
            navigate(itemPath('/manage/no-vend-profiles', profile.merchantId, profile.id));
          }}
        />
      )}
    </CrudCreatePage>
  );
}
