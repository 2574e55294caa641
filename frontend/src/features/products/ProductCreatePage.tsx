import { useNavigate } from 'react-router-dom';
import type { ProductInput } from '#schemas/product';
import { CrudCreatePage } from '../../components/crud/CrudCreatePage';
import { itemPath } from '../../components/crud/item-address';
import { Loaded } from '../../components/states';
import { createProduct } from './api/create-product';
import { useCustomParameters } from './api/get-custom-parameters';
import { ProductForm } from './components/ProductForm';
import { productErrorMessageId } from './messages';
import { newProductDraft } from './product-draft';

/** /manage/products/create: a product of the merchant picked in the app bar, then its screen. */
export function ProductCreatePage() {
  return (
    <CrudCreatePage
      route="products.create"
      titleId="products.create.title"
      testId="product-create-page"
      listPath="/manage/products"
      backMessageId="products.backToList"
      chooseMessageId="products.chooseMerchant"
    >
      {(merchantId) => <NewProduct key={merchantId} merchantId={merchantId} />}
    </CrudCreatePage>
  );
}

/** The form once the merchant's custom parameters (its extra fields) are loaded. */
function NewProduct({ merchantId }: { merchantId: string }) {
  const navigate = useNavigate();
  const parameters = useCustomParameters(merchantId);
  return (
    <Loaded result={parameters} errorMessageId={productErrorMessageId}>
      {(p) => (
        <ProductForm
          initial={newProductDraft()}
          parameters={p.parameters}
          canEdit
          submitLabelId="products.create.submit"
          successMessageId="products.created"
          send={async (input: ProductInput) => {
            const product = await createProduct(merchantId, input);
            navigate(itemPath('/manage/products', product.merchantId, product.id));
          }}
        />
      )}
    </Loaded>
  );
}
