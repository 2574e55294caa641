import type { GroupInput } from '#schemas/group';
import { CrudDetailPage } from '../../components/crud/CrudDetailPage';
import { useItemAddress } from '../../components/crud/item-address';
import { deleteGroup } from './api/delete-group';
import { useGroup } from './api/get-group';
import { updateGroup } from './api/update-group';
import { GroupForm } from './components/GroupForm';
import { groupErrorMessageId } from './messages';

/** /manage/groups/{id}?merchantId=: the group, editable by administrators and deleted after confirmation; read-only for a group admin. */
export function GroupDetailPage() {
  const { id, merchantId } = useItemAddress();
  const group = useGroup(merchantId, id);
  return (
    <CrudDetailPage
      result={group}
      updateRoute="groups.update"
      remove={{
        route: 'groups.delete',
        messages: {
          action: 'groups.delete.action',
          confirmTitle: 'groups.delete.confirmTitle',
          confirmMessage: 'groups.delete.confirmMessage',
          confirm: 'groups.delete.confirm',
          cancel: 'groups.cancel',
          deleted: 'groups.deleted',
        },
        remove: () => deleteGroup(merchantId!, id),
        testId: 'group-delete',
      }}
      titleId="groups.detail.title"
      testId="group-detail-page"
      listPath="/manage/groups"
      backMessageId="groups.backToList"
      errorMessageId={groupErrorMessageId}
    >
      {(g, canEdit) => (
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
    </CrudDetailPage>
  );
}
