import { useCallback, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { Group, GroupInput } from '#schemas/group';
import { DataTable } from '../../components/data-table/DataTable';
import { useDataTable, type Column } from '../../components/data-table/use-data-table';
import { Page } from '../../components/Page';
import { ForOneMerchant } from '../../components/states';
import { formatDate } from '../../lib/format';
import { fetchMerchantGroups } from '../../lib/resources/get-merchant-groups';
import { useCurrentMerchant } from '../../lib/resources/use-current-merchant';
import { useSession } from '../../lib/session';
import { createGroup } from './api/create-group';
import { useGroupPage } from './api/get-group-page';
import { canEditGroups, groupPath } from './can-edit';
import { GroupForm, NEW_GROUP } from './components/GroupForm';
import { groupErrorMessageId } from './messages';

const DEFAULT_SORT = { ord: 'name', ordType: 'asc' } as const;

/**
 * /manage/groups: the groups of the merchant picked in the app bar (a group admin sees only its own,
 * read-only); administrators create groups here. Groups belong to one merchant, so "all distributors" asks
 * for one to be picked.
 */
export function GroupListPage() {
  const { identity } = useSession();
  const canEdit = canEditGroups(identity?.role);
  const { merchant, all, merchants } = useCurrentMerchant();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState(0);
  const merchantId = merchant && !all ? merchant.id : null;

  async function send(input: GroupInput) {
    await createGroup(merchantId!, input);
    setCreating(false);
    setCreated((n) => n + 1);
  }

  return (
    <Page
      title={<FormattedMessage id="groups.list.title" />}
      actions={
        canEdit &&
        merchantId && (
          <button type="button" className="button button--primary" onClick={() => setCreating((c) => !c)} aria-expanded={creating} data-testid="group-create">
            <FormattedMessage id="groups.create.action" />
          </button>
        )
      }
      testId="group-list-page"
    >
      <ForOneMerchant merchants={merchants} merchantId={merchantId} chooseMessageId="groups.chooseMerchant">
        {(merchantId) => (
          <>
            {creating && (
              <section className="card" aria-labelledby="group-create-title">
                <h2 id="group-create-title">
                  <FormattedMessage id="groups.create.title" />
                </h2>
                <GroupForm
                  key={created}
                  initial={NEW_GROUP}
                  canEdit
                  submitLabelId="groups.create.submit"
                  successMessageId="groups.created"
                  send={send}
                  testId="group-create-form"
                />
              </section>
            )}
            <GroupsTable key={merchantId} merchantId={merchantId} />
          </>
        )}
      </ForOneMerchant>
    </Page>
  );
}

function GroupsTable({ merchantId }: { merchantId: string }) {
  const intl = useIntl();
  const columns = useMemo<Column<Group>[]>(
    () => [
      {
        id: 'name',
        messageId: 'groups.field.name',
        ord: 'name',
        value: (g) => g.name,
        render: (g) => <Link to={groupPath(g.merchantId, g.id)}>{g.name}</Link>,
      },
      { id: 'description', messageId: 'groups.field.description', value: (g) => g.description },
      { id: 'updatedAt', messageId: 'groups.field.updatedAt', value: (g) => formatDate(g.updatedAt, intl.locale) },
    ],
    [intl],
  );
  const table = useDataTable({ tableId: 'manage-groups', columns, defaultSort: DEFAULT_SORT });
  const page = useGroupPage(merchantId, table.query);
  const exportRows = useCallback(() => fetchMerchantGroups(merchantId), [merchantId]);

  return (
    <DataTable
      table={table}
      result={page}
      rowKey={(g) => g.id}
      emptyMessageId="groups.list.empty"
      exportRows={exportRows}
      errorMessageId={groupErrorMessageId}
    />
  );
}
