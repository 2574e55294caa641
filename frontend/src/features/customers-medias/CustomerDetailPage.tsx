import { FormattedMessage, useIntl } from 'react-intl';
import { Link, NavLink, Outlet, useOutletContext, useParams } from 'react-router-dom';
import { CustomerId, type Customer } from '#schemas/customer';
import { Page } from '../../components/Page';
import { ForOneMerchant, Loaded, NotFoundState } from '../../components/states';
import { useCurrentMerchant } from '../../lib/resources/use-current-merchant';
import { useCustomer } from './api/get-customer';
import { customerName } from './customer-labels';
import { customerPath } from './media-labels';
import { mediaErrorMessageId } from './messages';
import './customers-medias.css';

/** What the customer's tabs read from its screen. */
export interface CustomerContext {
  merchantId: string;
  currency: string;
  customer: Customer;
}
export const useCustomerContext = () => useOutletContext<CustomerContext>();

const TABS = [
  { path: undefined, messageId: 'customers.tab.details', end: true },
  { path: 'transactions', messageId: 'customers.tab.transactions', end: false },
  { path: 'medias', messageId: 'customers.tab.medias', end: false },
] as const;

/**
 * /customers-medias/customers/{id}: a customer of the merchant picked in the app bar and its tabs (details with
 * figures, consents and payment info; transactions; medias). An address that is not a customer id is a
 * customer not found, as a 404 would be.
 */
export function CustomerDetailPage() {
  const intl = useIntl();
  const param = useParams().id ?? '';
  const id = CustomerId.safeParse(param).success ? param : '';
  const { merchantId, merchant, merchants } = useCurrentMerchant();
  const customer = useCustomer(id ? merchantId : null, id);
  const notFound = <NotFoundState messageId="errors.CustomerNotFoundException" listPath="/customers-medias/customers" listMessageId="customers.goToList" />;

  return (
    <Page
      title={customer.data ? customerName(customer.data) : <FormattedMessage id="customers.detail.title" />}
      actions={
        <Link to="/customers-medias/customers" className="button button--secondary">
          <FormattedMessage id="customers.backToList" />
        </Link>
      }
      testId="customer-detail-page"
    >
      <ForOneMerchant merchants={merchants} merchantId={merchantId} chooseMessageId="customers.chooseMerchant">
        {(merchantId) =>
          id ? (
            <Loaded result={customer} errorMessageId={mediaErrorMessageId} notFound={notFound}>
              {(c) => (
                <>
                  <nav className="tabs" aria-label={intl.formatMessage({ id: 'customers.tabs' })} data-testid="customer-tabs">
                    {TABS.map((tab) => (
                      <NavLink key={tab.messageId} to={customerPath(c.id, tab.path)} end={tab.end} className="tabs__tab" data-tab={tab.path ?? 'details'}>
                        <FormattedMessage id={tab.messageId} />
                      </NavLink>
                    ))}
                  </nav>
                  <Outlet context={{ merchantId, currency: merchant!.currency, customer: c } satisfies CustomerContext} />
                </>
              )}
            </Loaded>
          ) : (
            notFound
          )
        }
      </ForOneMerchant>
    </Page>
  );
}
