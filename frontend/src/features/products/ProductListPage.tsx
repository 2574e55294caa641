import { useCallback, useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { PRODUCT_TYPES, type Product } from '#schemas/product';
import { DataTable } from '../../components/data-table/DataTable';
import { SearchFilter } from '../../components/data-table/SearchFilter';
import { SelectFilter } from '../../components/data-table/SelectFilter';
import { useDataTable, type Column } from '../../components/data-table/use-data-table';
import { Page } from '../../components/Page';
import { ForOneMerchant } from '../../components/states';
import { formatNumber } from '../../lib/format';
import { useCurrentMerchant } from '../../lib/resources/use-current-merchant';
import { useSession } from '../../lib/session';
import { exportProductsCsv } from './api/export-products-csv';
import { useProductPage } from './api/get-product-page';
import { canEditProducts, productPath } from './can-edit';
import { ProductImport } from './components/ProductImport';
import { productErrorMessageId } from './messages';

const DEFAULT_SORT = { ord: 'name', ordType: 'asc' } as const;

/** /manage/products: the catalogue of the merchant picked in the app bar; admins create, import and define custom parameters. */
export function ProductListPage() {
  const { identity } = useSession();
  const { merchant, all, merchants } = useCurrentMerchant();
  const merchantId = merchant && !all ? merchant.id : null;
  const canEdit = canEditProducts(identity?.role);
  return (
    <Page
      title={<FormattedMessage id="products.list.title" />}
      actions={
        merchantId && (
          <>
            <Link to="/manage/products/custom-parameters" className="button button--secondary" data-testid="product-custom-parameters-link">
              <FormattedMessage id="products.customParameters.title" />
            </Link>
            {canEdit && (
              <Link to="/manage/products/create" className="button button--primary" data-testid="product-create">
                <FormattedMessage id="products.create.action" />
              </Link>
            )}
          </>
        )
      }
      testId="product-list-page"
    >
      <ForOneMerchant merchants={merchants} merchantId={merchantId} chooseMessageId="products.chooseMerchant">
        {(merchantId) => (
          <>
            <ProductsTable key={merchantId} merchantId={merchantId} />
            {canEdit && <ProductImport key={`import-${merchantId}`} merchantId={merchantId} />}
          </>
        )}
      </ForOneMerchant>
    </Page>
  );
}

function ProductsTable({ merchantId }: { merchantId: string }) {
  const intl = useIntl();
  const columns = useMemo<Column<Product>[]>(
    () => [
      { id: 'code', messageId: 'products.field.code', ord: 'code', value: (p) => p.code },
      {
        id: 'name',
        messageId: 'products.field.name',
        ord: 'name',
        value: (p) => p.name,
        render: (p) => (
          <Link to={productPath(p.merchantId, p.id)} data-testid="product-link">
            {p.name}
          </Link>
        ),
      },
      { id: 'productType', messageId: 'products.field.productType', value: (p) => intl.formatMessage({ id: `products.type.${p.productType}` }) },
      { id: 'vat', messageId: 'products.field.vat', value: (p) => `${formatNumber(p.vat, intl.locale)} %` },
      { id: 'description', messageId: 'products.field.description', value: (p) => p.description },
      { id: 'planograms', messageId: 'products.field.planograms', value: (p) => formatNumber(p.planograms, intl.locale) },
    ],
    [intl],
  );
  const table = useDataTable({ tableId: 'manage-products', columns, defaultSort: DEFAULT_SORT });
  const page = useProductPage(merchantId, table.query);
  const exportFile = useCallback(() => exportProductsCsv(merchantId, table.query), [merchantId, table.query]);
  const typeOptions = PRODUCT_TYPES.map((t) => ({ value: t, label: intl.formatMessage({ id: `products.type.${t}` }) }));
  return (
    <DataTable
      table={table}
      result={page}
      rowKey={(p) => p.id}
      emptyMessageId="products.list.empty"
      exportFile={exportFile}
      errorMessageId={productErrorMessageId}
      filters={
        <>
          <SelectFilter
            table={table}
            field="productType"
            messageId="products.field.productType"
            allLabel={intl.formatMessage({ id: 'products.filter.allTypes' })}
            options={typeOptions}
          />
          <SearchFilter table={table} field="search" messageId="products.filter.search" />
        </>
      }
    />
  );
}
