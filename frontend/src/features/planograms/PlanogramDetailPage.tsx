import type { PlanogramInput } from '#schemas/planogram';
import { CrudDetailPage } from '../../components/crud/CrudDetailPage';
import { useItemAddress } from '../../components/crud/item-address';
import { deletePlanogram } from './api/delete-planogram';
import { usePlanogram } from './api/get-planogram';
import { updatePlanogram } from './api/update-planogram';
import { draftOf, PlanogramForm } from './components/PlanogramForm';
import { planogramErrorMessageId } from './messages';
import './planograms.css';

/** /manage/planograms/{id}?merchantId=: the planogram, editable by admins and deleted after a confirmation that says how many machines lose stock management. */
export function PlanogramDetailPage() {
  const { id, merchantId } = useItemAddress();
  const planogram = usePlanogram(merchantId, id);
  return (
    <CrudDetailPage
      result={planogram}
      updateRoute="planograms.update"
      remove={{
        route: 'planograms.delete',
        messages: {
          action: 'planograms.delete.action',
          confirmTitle: 'planograms.delete.confirmTitle',
          confirmMessage: 'planograms.delete.confirmMessage',
          confirm: 'planograms.delete.confirm',
          cancel: 'planograms.cancel',
          deleted: 'planograms.deleted',
        },
        confirmValues: { machines: planogram.data?.machines ?? 0 },
        remove: async () => {
          await deletePlanogram(merchantId!, id);
        },
        testId: 'planogram-delete',
      }}
      titleId="planograms.detail.title"
      testId="planogram-detail-page"
      listPath="/manage/planograms"
      backMessageId="planograms.backToList"
      errorMessageId={planogramErrorMessageId}
    >
      {(p, canEdit) => (
        <PlanogramForm
          key={p.updatedAt}
          merchantId={p.merchantId}
          initial={draftOf(p)}
          canEdit={canEdit}
          submitLabelId="planograms.save"
          successMessageId="planograms.updated"
          send={(input: PlanogramInput) => updatePlanogram(p.merchantId, p.id, input)}
        />
      )}
    </CrudDetailPage>
  );
}
