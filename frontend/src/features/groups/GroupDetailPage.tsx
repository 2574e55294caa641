import { FormattedMessage } from 'react-intl';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import type { GroupInput } from '#schemas/group';
import { DeleteButton } from '../../components/DeleteButton';
import { Page } from '../../components/Page';
import { Loaded } from '../../components/states';
import { useCurrentMerchant } from '../../lib/resources/use-current-merchant';
import { useSession } from '../../lib/session';
import { deleteGroup } from './api/delete-group';
import { useGroup } from './api/get-group';
import { updateGroup } from './api/update-group';
import { canEditGroups } from './can-edit';
import { GroupForm } from './components/GroupForm';
import { groupErrorMessageId } from './messages';

/** /manage/groups/{id}?merchantId=: the group, editable by administrators and deleted after confirmation; read-only for a group admin. */
export function GroupDetailPage() {
  const id = useParams().id ?? '';
  const [search] = useSearchParams();
  const { merchant } = useCurrentMerchant();
  const merchantId = search.get('merchantId') ?? merchant?.id ?? null;
  const group = useGroup(merchantId, id);
  const { identity } = useSession();
  const canEdit = canEditGroups(identity?.role);

  return (
    <Page
      title={group.data?.name ?? <FormattedMessage id="groups.detail.title" />}
      actions={
        <>
          <Link to="/manage/groups" className="button button--secondary">
            <FormattedMessage id="groups.backToList" />
          </Link>
          {canEdit && group.data && (
            <DeleteButton
              messages={{
                action: 'groups.delete.action',
                confirmTitle: 'groups.delete.confirmTitle',
                confirmMessage: 'groups.delete.confirmMessage',
                confirm: 'groups.delete.confirm',
                cancel: 'groups.cancel',
                deleted: 'groups.deleted',
              }}
              remove={() => deleteGroup(merchantId!, id)}
              afterPath="/manage/groups"
              errorMessageId={groupErrorMessageId}
              testId="group-delete"
            />
          )}
        </>
      }
      testId="group-detail-page"
    >
      <Loaded result={group} errorMessageId={groupErrorMessageId}>
        {(g) => (
          <section className="card">
            <GroupForm
              key={g.updatedAt}
              initial={{ name: g.name, description: g.description }}
              canEdit={canEdit}
              submitLabelId="groups.save"
              successMessageId="groups.updated"
              send={(input: GroupInput) => updateGroup(g.merchantId, g.id, input)}
            />
          </section>
        )}
      </Loaded>
    </Page>
  );
}
