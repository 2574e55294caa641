import { FormattedMessage } from 'react-intl';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import type { ProductInput } from '#schemas/product';
import { DeleteButton } from '../../components/DeleteButton';
import { Page } from '../../components/Page';
import { Loaded } from '../../components/states';
import { useCurrentMerchant } from '../../lib/resources/use-current-merchant';
import { useSession } from '../../lib/session';
import { deleteProduct } from './api/delete-product';
import { useCustomParameters } from './api/get-custom-parameters';
import { useProduct } from './api/get-product';
import { updateProduct } from './api/update-product';
import { canEditProducts } from './can-edit';
import { ProductAssociationsCard } from './components/ProductAssociationsCard';
import { ProductForm } from './components/ProductForm';
import { deleteErrorMessageId, deleteErrorValues, productErrorMessageId } from './messages';
import { draftOfProduct } from './product-draft';

/** /manage/products/{id}?merchantId=: the product, where it is used, editable by admins and deleted after confirmation. */
export function ProductDetailPage() {
  const id = useParams().id ?? '';
  const [search] = useSearchParams();
  const { merchant } = useCurrentMerchant();
  const merchantId = search.get('merchantId') ?? merchant?.id ?? null;
  const product = useProduct(merchantId, id);
  const parameters = useCustomParameters(merchantId);
  const { identity } = useSession();
  const canEdit = canEditProducts(identity?.role);

  return (
    <Page
      title={product.data?.name ?? <FormattedMessage id="products.detail.title" />}
      actions={
        <>
          <Link to="/manage/products" className="button button--secondary">
            <FormattedMessage id="products.backToList" />
          </Link>
          {canEdit && product.data && (
            <DeleteButton
              messages={{
                action: 'products.delete.action',
                confirmTitle: 'products.delete.confirmTitle',
                confirmMessage: 'products.delete.confirmMessage',
                confirm: 'products.delete.confirm',
                cancel: 'products.cancel',
                deleted: 'products.deleted',
              }}
              remove={() => deleteProduct(merchantId!, id)}
              afterPath="/manage/products"
              errorMessageId={deleteErrorMessageId}
              errorValues={deleteErrorValues}
              testId="product-delete"
            />
          )}
        </>
      }
      testId="product-detail-page"
    >
      <Loaded result={product} errorMessageId={productErrorMessageId}>
        {(p) => (
          <>
            <Loaded result={parameters} errorMessageId={productErrorMessageId}>
              {(defs) => (
                <ProductForm
                  key={p.updatedAt}
                  initial={draftOfProduct(p)}
                  parameters={defs.parameters}
                  canEdit={canEdit}
                  submitLabelId="products.save"
                  successMessageId="products.updated"
                  send={(input: ProductInput) => updateProduct(p.merchantId, p.id, input)}
                />
              )}
            </Loaded>
            <ProductAssociationsCard merchantId={p.merchantId} productId={p.id} />
          </>
        )}
      </Loaded>
    </Page>
  );
}
