import { FormattedMessage } from 'react-intl';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import type { ProductInput } from '#schemas/product';
import { Page } from '../../components/Page';
import { ForOneMerchant, Loaded } from '../../components/states';
import { useCurrentMerchant } from '../../lib/resources/use-current-merchant';
import { useSession } from '../../lib/session';
import { createProduct } from './api/create-product';
import { useCustomParameters } from './api/get-custom-parameters';
import { canEditProducts, productPath } from './can-edit';
import { ProductForm } from './components/ProductForm';
import { productErrorMessageId } from './messages';
import { newProductDraft } from './product-draft';

/** /manage/products/create: a product of the merchant picked in the app bar, then its screen. */
export function ProductCreatePage() {
  const navigate = useNavigate();
  const { identity } = useSession();
  const { merchant, all, merchants } = useCurrentMerchant();
  const merchantId = merchant && !all ? merchant.id : null;
  const parameters = useCustomParameters(merchantId);

  if (identity && !canEditProducts(identity.role)) return <Navigate to="/manage/products" replace />;

  async function send(input: ProductInput) {
    const product = await createProduct(merchantId!, input);
    navigate(productPath(product.merchantId, product.id));
  }

  return (
    <Page
      title={<FormattedMessage id="products.create.title" />}
      actions={
        <Link to="/manage/products" className="button button--secondary">
          <FormattedMessage id="products.backToList" />
        </Link>
      }
      testId="product-create-page"
    >
      <ForOneMerchant merchants={merchants} merchantId={merchantId} chooseMessageId="products.chooseMerchant">
        {(merchantId) => (
          <Loaded result={parameters} errorMessageId={productErrorMessageId}>
            {(p) => (
              <ProductForm
                key={merchantId}
                initial={newProductDraft()}
                parameters={p.parameters}
                canEdit
                submitLabelId="products.create.submit"
                successMessageId="products.created"
                send={send}
              />
            )}
          </Loaded>
        )}
      </ForOneMerchant>
    </Page>
  );
}
