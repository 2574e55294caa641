import { FormattedMessage } from 'react-intl';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import type { PlanogramInput } from '#schemas/planogram';
import { Page } from '../../components/Page';
import { ForOneMerchant } from '../../components/states';
import { useCurrentMerchant } from '../../lib/resources/use-current-merchant';
import { useSession } from '../../lib/session';
import { createPlanogram } from './api/create-planogram';
import { canEditPlanograms, planogramPath } from './can-edit';
import { NEW_PLANOGRAM, PlanogramForm } from './components/PlanogramForm';
import './planograms.css';

/** /manage/planograms/create: a planogram of the merchant picked in the app bar, then its screen. */
export function PlanogramCreatePage() {
  const navigate = useNavigate();
  const { identity } = useSession();
  const { merchant, all, merchants } = useCurrentMerchant();
  const merchantId = merchant && !all ? merchant.id : null;

  // Group admins and merchant users read planograms only.
  if (identity && !canEditPlanograms(identity.role)) return <Navigate to="/manage/planograms" replace />;

  return (
    <Page
      title={<FormattedMessage id="planograms.create.title" />}
      actions={
        <Link to="/manage/planograms" className="button button--secondary">
          <FormattedMessage id="planograms.backToList" />
        </Link>
      }
      testId="planogram-create-page"
    >
      <ForOneMerchant merchants={merchants} merchantId={merchantId} chooseMessageId="planograms.chooseMerchant">
        {(merchantId) => (
          <PlanogramForm
            key={merchantId}
            merchantId={merchantId}
            initial={NEW_PLANOGRAM}
            canEdit
            submitLabelId="planograms.create.submit"
            successMessageId="planograms.created"
            send={async (input: PlanogramInput) => {
              const planogram = await createPlanogram(merchantId, input);
              navigate(planogramPath(planogram.merchantId, planogram.id));
            }}
          />
        )}
      </ForOneMerchant>
    </Page>
  );
}
