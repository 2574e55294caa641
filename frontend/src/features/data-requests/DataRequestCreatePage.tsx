import { FormattedMessage } from 'react-intl';
import { Link, useNavigate } from 'react-router-dom';
import type { HistoricalDataCreate } from '#schemas/historical-data';
import { Page } from '../../components/Page';
import { ForOneMerchant } from '../../components/states';
import { useCurrentMerchant } from '../../lib/resources/use-current-merchant';
import { createRequest } from './api/create-request';
import { RequestForm } from './components/RequestForm';

const LIST = '/manage/data-retrieval-requests';

/** /manage/data-retrieval-requests-create: a request of the merchant picked in the app bar, then back to the list. */
export function DataRequestCreatePage() {
  const navigate = useNavigate();
  const { merchantId, merchants } = useCurrentMerchant();

  async function send(input: HistoricalDataCreate) {
    await createRequest(merchantId!, input);
    navigate(LIST);
  }

  return (
    <Page
      title={<FormattedMessage id="dataRequests.create.title" />}
      actions={
        <Link to={LIST} className="button button--secondary">
          <FormattedMessage id="dataRequests.backToList" />
        </Link>
      }
      testId="data-request-create-page"
    >
      <ForOneMerchant merchants={merchants} merchantId={merchantId} chooseMessageId="dataRequests.chooseMerchant">
        {(merchantId) => <RequestForm key={merchantId} send={send} />}
      </ForOneMerchant>
    </Page>
  );
}
