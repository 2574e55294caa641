import { useCallback, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { Group, GroupInput } from '#schemas/group';
import { DataTable } from '../../components/data-table/DataTable';
import { useDataTable, type Column } from '../../components/data-table/use-data-table';
import { CrudListPage } from '../../components/crud/CrudListPage';
import { itemPath } from '../../components/crud/item-address';
import { formatDate } from '../../lib/format';
import { fetchMerchantGroups } from '../../lib/resources/get-merchant-groups';
import { createGroup } from './api/create-group';
import { useGroupPage } from './api/get-group-page';
import { GroupForm, NEW_GROUP } from './components/GroupForm';
import { groupErrorMessageId } from './messages';

const DEFAULT_SORT = { ord: 'name', ordType: 'asc' } as const;

/**
 * /manage/groups: the groups of the merchant picked in the app bar (a group admin sees only its own,
 * read-only); administrators create groups here. Groups belong to one merchant, so "all distributors" asks
 * for one to be picked.
 */
export function GroupListPage() {
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState(0);
  return (
    <CrudListPage
      titleId="groups.list.title"
      testId="group-list-page"
      chooseMessageId="groups.chooseMerchant"
      create={{
        route: 'groups.create',
        expanded: creating,
        onToggle: () => setCreating((c) => !c),
        messageId: 'groups.create.action',
        testId: 'group-create',
      }}
    >
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
                send={async (input: GroupInput) => {
                  await createGroup(merchantId, input);
                  setCreating(false);
                  setCreated((n) => n + 1);
                }}
                testId="group-create-form"
              />
            </section>
          )}
          <GroupsTable key={merchantId} merchantId={merchantId} />
        </>
      )}
    </CrudListPage>
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
        render: (g) => <Link to={itemPath('/manage/groups', g.merchantId, g.id)}>{g.name}</Link>,
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
