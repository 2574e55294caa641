import { useNavigate } from 'react-router-dom';
import type { PlanogramInput } from '#schemas/planogram';
import { CrudCreatePage } from '../../components/crud/CrudCreatePage';
import { itemPath } from '../../components/crud/item-address';
import { createPlanogram } from './api/create-planogram';
import { NEW_PLANOGRAM, PlanogramForm } from './components/PlanogramForm';
import './planograms.css';

/** /manage/planograms/create: a planogram of the merchant picked in the app bar, then its screen (group admins and merchant users read planograms only). */
export function PlanogramCreatePage() {
  const navigate = useNavigate();
  return (
    <CrudCreatePage
      route="planograms.create"
      titleId="planograms.create.title"
      testId="planogram-create-page"
      listPath="/manage/planograms"
      backMessageId="planograms.backToList"
      chooseMessageId="planograms.chooseMerchant"
    >
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
            navigate(itemPath('/manage/planograms', planogram.merchantId, planogram.id));
          }}
        />
      )}
    </CrudCreatePage>
  );
}
