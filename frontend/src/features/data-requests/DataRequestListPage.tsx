import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { Page } from '../../components/Page';
import { ForOneMerchant } from '../../components/states';
import { useCurrentMerchant } from '../../lib/resources/use-current-merchant';
import { RequestsTable } from './components/RequestsTable';
import { SubscriptionsSection } from './components/SubscriptionsSection';
import './data-requests.css';

/** /manage/data-retrieval-requests: the historical data requests and scheduled exports of the merchant picked in the app bar. */
export function DataRequestListPage() {
  const { merchantId, merchants } = useCurrentMerchant();
  return (
    <Page
      title={<FormattedMessage id="dataRequests.list.title" />}
      actions={
        merchantId && (
          <Link to="/manage/data-retrieval-requests-create" className="button button--primary" data-testid="data-request-create">
            <FormattedMessage id="dataRequests.create.action" />
          </Link>
        )
      }
      testId="data-requests-page"
    >
      <ForOneMerchant merchants={merchants} merchantId={merchantId} chooseMessageId="dataRequests.chooseMerchant">
        {(merchantId) => (
          <>
            <RequestsTable key={`requests-${merchantId}`} merchantId={merchantId} />
            <SubscriptionsSection key={`subscriptions-${merchantId}`} merchantId={merchantId} />
          </>
        )}
      </ForOneMerchant>
    </Page>
  );
}
