import { FormattedMessage } from 'react-intl';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import type { NoVendProfileInput } from '#schemas/no-vend-profile';
import { Page } from '../../components/Page';
import { ForOneMerchant } from '../../components/states';
import { useCurrentMerchant } from '../../lib/resources/use-current-merchant';
import { useSession } from '../../lib/session';
import { createProfile } from './api/create-profile';
import { canEditProfiles, profilePath } from './can-edit';
import { NEW_PROFILE, NoVendProfileForm } from './components/NoVendProfileForm';
import './no-vend-profiles.css';

/** /manage/no-vend-profiles/create: a profile of the merchant picked in the app bar, then its screen. */
export function NoVendProfileCreatePage() {
  const navigate = useNavigate();
  const { identity } = useSession();
  const { merchant, all, merchants } = useCurrentMerchant();
  const merchantId = merchant && !all ? merchant.id : null;

  // Merchant users read profiles only.
  if (identity && !canEditProfiles(identity.role)) return <Navigate to="/manage/no-vend-profiles" replace />;

  async function send(input: NoVendProfileInput) {
    const profile = await createProfile(merchantId!, input);
    navigate(profilePath(profile.merchantId, profile.id));
  }

  return (
    <Page
      title={<FormattedMessage id="noVendProfiles.create.title" />}
      actions={
        <Link to="/manage/no-vend-profiles" className="button button--secondary">
          <FormattedMessage id="noVendProfiles.backToList" />
        </Link>
      }
      testId="no-vend-profile-create-page"
    >
      <ForOneMerchant merchants={merchants} merchantId={merchantId} chooseMessageId="noVendProfiles.chooseMerchant">
        {(merchantId) => (
          <NoVendProfileForm
            key={merchantId}
            initial={NEW_PROFILE}
            canEdit
            submitLabelId="noVendProfiles.create.submit"
            successMessageId="noVendProfiles.created"
            send={send}
          />
        )}
      </ForOneMerchant>
    </Page>
  );
}
