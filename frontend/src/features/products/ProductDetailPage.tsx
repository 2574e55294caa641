import type { ProductInput } from '#schemas/product';
import { CrudDetailPage } from '../../components/crud/CrudDetailPage';
import { useItemAddress } from '../../components/crud/item-address';
import { Loaded } from '../../components/states';
import { deleteProduct } from './api/delete-product';
import { useCustomParameters } from './api/get-custom-parameters';
import { useProduct } from './api/get-product';
import { updateProduct } from './api/update-product';
import { ProductAssociationsCard } from './components/ProductAssociationsCard';
import { ProductForm } from './components/ProductForm';
import { deleteErrorMessageId, deleteErrorValues, productErrorMessageId } from './messages';
import { draftOfProduct } from './product-draft';

/** /manage/products/{id}?merchantId=: the product, where it is used, editable by admins and deleted after confirmation. */
export function ProductDetailPage() {
  const { id, merchantId } = useItemAddress();
  const product = useProduct(merchantId, id);
  const parameters = useCustomParameters(merchantId);
  return (
    <CrudDetailPage
      result={product}
      updateRoute="products.update"
      remove={{
        route: 'products.delete',
        messages: {
          action: 'products.delete.action',
          confirmTitle: 'products.delete.confirmTitle',
          confirmMessage: 'products.delete.confirmMessage',
          confirm: 'products.delete.confirm',
          cancel: 'products.cancel',
          deleted: 'products.deleted',
        },
        remove: () => deleteProduct(merchantId!, id),
        errorMessageId: deleteErrorMessageId,
        errorValues: deleteErrorValues,
        testId: 'product-delete',
      }}
      titleId="products.detail.title"
      testId="product-detail-page"
      listPath="/manage/products"
      backMessageId="products.backToList"
      errorMessageId={productErrorMessageId}
    >
      {(p, canEdit) => (
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
    </CrudDetailPage>
  );
}
