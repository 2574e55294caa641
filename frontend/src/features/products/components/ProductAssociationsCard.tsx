import { FormattedMessage } from 'react-intl';
import { Loaded } from '../../../components/states';
import { useProductAssociations } from '../api/get-product-associations';
import { productErrorMessageId } from '../messages';

/** Where the product is used: the planograms with a line of it and their machines (a product in use cannot be deleted). */
export function ProductAssociationsCard({ merchantId, productId }: { merchantId: string; productId: string }) {
  const associations = useProductAssociations(merchantId, productId);
  return (
    <section className="card" data-testid="product-associations">
      <h2>
        <FormattedMessage id="products.associations.title" />
      </h2>
      <Loaded result={associations} errorMessageId={productErrorMessageId}>
        {(a) =>
          a.planograms.length === 0 ? (
            <p>
              <FormattedMessage id="products.associations.none" />
            </p>
          ) : (
            <ul>
              {a.planograms.map((p) => (
                <li key={p.id} data-testid="product-association">
                  <FormattedMessage id="products.associations.planogram" values={{ name: p.name || p.id, machines: p.machines.length }} />
                  {p.machines.length > 0 && <span> — {p.machines.map((m) => m.name || m.serial).join(', ')}</span>}
                </li>
              ))}
            </ul>
          )
        }
      </Loaded>
    </section>
  );
}
