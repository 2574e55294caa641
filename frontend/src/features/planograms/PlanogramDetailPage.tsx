import { FormattedMessage } from 'react-intl';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import type { PlanogramInput } from '#schemas/planogram';
import { DeleteButton } from '../../components/DeleteButton';
import { Page } from '../../components/Page';
import { Loaded } from '../../components/states';
import { useCurrentMerchant } from '../../lib/resources/use-current-merchant';
import { useSession } from '../../lib/session';
import { deletePlanogram } from './api/delete-planogram';
import { usePlanogram } from './api/get-planogram';
import { updatePlanogram } from './api/update-planogram';
import { canEditPlanograms } from './can-edit';
import { draftOf, PlanogramForm } from './components/PlanogramForm';
import { planogramErrorMessageId } from './messages';
import './planograms.css';

/** /manage/planograms/{id}?merchantId=: the planogram, editable by admins and deleted after a confirmation that says how many machines lose stock management. */
export function PlanogramDetailPage() {
  const id = useParams().id ?? '';
  const [search] = useSearchParams();
  const { merchant } = useCurrentMerchant();
  const merchantId = search.get('merchantId') ?? merchant?.id ?? null;
  const planogram = usePlanogram(merchantId, id);
  const { identity } = useSession();
  const canEdit = canEditPlanograms(identity?.role);

  return (
    <Page
      title={planogram.data?.name ?? <FormattedMessage id="planograms.detail.title" />}
      actions={
        <>
          <Link to="/manage/planograms" className="button button--secondary">
            <FormattedMessage id="planograms.backToList" />
          </Link>
          {canEdit && planogram.data && (
            <DeleteButton
              messages={{
                action: 'planograms.delete.action',
                confirmTitle: 'planograms.delete.confirmTitle',
                confirmMessage: 'planograms.delete.confirmMessage',
                confirm: 'planograms.delete.confirm',
                cancel: 'planograms.cancel',
                deleted: 'planograms.deleted',
              }}
              confirmValues={{ machines: planogram.data.machines }}
              remove={async () => {
                await deletePlanogram(merchantId!, id);
              }}
              afterPath="/manage/planograms"
              errorMessageId={planogramErrorMessageId}
              testId="planogram-delete"
            />
          )}
        </>
      }
      testId="planogram-detail-page"
    >
      <Loaded result={planogram} errorMessageId={planogramErrorMessageId}>
        {(p) => (
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
      </Loaded>
    </Page>
  );
}
