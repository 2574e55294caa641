import { useCallback, useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { PRODUCT_TYPES, type Product } from '#schemas/product';
import { DataTable } from '../../components/data-table/DataTable';
import { SearchFilter } from '../../components/data-table/SearchFilter';
import { SelectFilter } from '../../components/data-table/SelectFilter';
import { useDataTable, type Column } from '../../components/data-table/use-data-table';
import { CrudListPage } from '../../components/crud/CrudListPage';
import { itemPath } from '../../components/crud/item-address';
import { useMayCall } from '../../components/use-may-call';
import { formatNumber } from '../../lib/format';
import { exportProductsCsv } from './api/export-products-csv';
import { useProductPage } from './api/get-product-page';
import { ProductImport } from './components/ProductImport';
import { productErrorMessageId } from './messages';

const DEFAULT_SORT = { ord: 'name', ordType: 'asc' } as const;

/** /manage/products: the catalogue of the merchant picked in the app bar; admins create, import and define custom parameters. */
export function ProductListPage() {
  const mayImport = useMayCall('products.import');
  return (
    <CrudListPage
      titleId="products.list.title"
      testId="product-list-page"
      chooseMessageId="products.chooseMerchant"
      actions={
        <Link to="/manage/products/custom-parameters" className="button button--secondary" data-testid="product-custom-parameters-link">
          <FormattedMessage id="products.customParameters.title" />
        </Link>
      }
      create={{ route: 'products.create', to: '/manage/products/create', messageId: 'products.create.action', testId: 'product-create' }}
    >
      {(merchantId) => (
        <>
          <ProductsTable key={merchantId} merchantId={merchantId} />
          {mayImport && <ProductImport key={`import-${merchantId}`} merchantId={merchantId} />}
        </>
      )}
    </CrudListPage>
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
          <Link to={itemPath('/manage/products', p.merchantId, p.id)} data-testid="product-link">
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
