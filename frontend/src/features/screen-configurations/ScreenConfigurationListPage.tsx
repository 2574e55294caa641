import { useMemo } from 'react';
import { FormattedDate, FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import type { ScreenConfiguration } from '#schemas/screen-configuration';
import { CrudListPage } from '../../components/crud/CrudListPage';
import { itemPath } from '../../components/crud/item-address';
import { DataTable } from '../../components/data-table/DataTable';
import { useDataTable, type Column } from '../../components/data-table/use-data-table';
import { useScreenConfigurationPage } from './api/get-screen-configuration-page';
import { screenErrorMessageId } from './messages';

/** An item's screen lives under /manage/screen-configuration/ (spec §2), the list under /manage/screen-configurations. */
export const SCREEN_ITEM_PATH = '/manage/screen-configuration';
export const SCREEN_LIST_PATH = '/manage/screen-configurations';
const DEFAULT_SORT = { ord: 'name', ordType: 'asc' } as const;

/** /manage/screen-configurations: the screen configurations of the merchant picked in the app bar (with screen configuration management). */
export function ScreenConfigurationListPage() {
  return (
    <CrudListPage
      titleId="screenConfigurations.list.title"
      testId="screen-configuration-list-page"
      chooseMessageId="screenConfigurations.chooseMerchant"
      create={{
        route: 'screenConfigurations.create',
        to: `${SCREEN_ITEM_PATH}/create`,
        messageId: 'screenConfigurations.create.action',
        testId: 'screen-configuration-create',
      }}
    >
      {(merchantId) => <ScreenTable key={merchantId} merchantId={merchantId} />}
    </CrudListPage>
  );
}

function ScreenTable({ merchantId }: { merchantId: string }) {
  const columns = useMemo<Column<ScreenConfiguration>[]>(
    () => [
      {
        id: 'name',
        messageId: 'screenConfigurations.field.name',
        ord: 'name',
        value: (s) => s.name,
        render: (s) => (
          <Link to={itemPath(SCREEN_ITEM_PATH, s.merchantId, s.id)} data-testid="screen-configuration-link">
            {s.name}
          </Link>
        ),
      },
      {
        id: 'orientation',
        messageId: 'screenConfigurations.field.orientation',
        value: (s) => s.orientation,
        render: (s) => <FormattedMessage id={`screenConfigurations.orientation.${s.orientation}`} />,
      },
      { id: 'slides', messageId: 'screenConfigurations.field.slides', value: (s) => String(s.slides.length) },
      {
        id: 'updatedAt',
        messageId: 'screenConfigurations.field.updatedAt',
        value: (s) => s.updatedAt,
        render: (s) => <FormattedDate value={s.updatedAt} dateStyle="short" timeStyle="short" />,
      },
    ],
    [],
  );
  const table = useDataTable({ tableId: 'screen-configurations', columns, defaultSort: DEFAULT_SORT });
  const page = useScreenConfigurationPage(merchantId, table.query);
  return <DataTable table={table} result={page} rowKey={(s) => s.id} emptyMessageId="screenConfigurations.list.empty" errorMessageId={screenErrorMessageId} />;
}
