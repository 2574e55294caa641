import { FormattedMessage } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import { Page } from '../../components/Page';
import { Loaded } from '../../components/states';
import { useWebPaymentService } from './api/get-webpayment-service';
import { updateWebPaymentService } from './api/save-webpayment-service';
import { WebPaymentConfigPanel } from './components/WebPaymentConfigPanel';
import { WebPaymentServiceForm } from './components/WebPaymentServiceForm';
import { webPaymentServiceErrorMessageId } from './messages';

/** /admin/webpayment-services/{id}: the service, editable (its type stays), and a distributor's configuration of it. */
export function WebPaymentServiceDetailPage() {
  const id = useParams().id ?? '';
  const service = useWebPaymentService(id);
  return (
    <Page
      title={service.data?.name ?? <FormattedMessage id="webpaymentServices.detail.title" />}
      actions={
        <Link to="/admin/webpayment-services" className="button button--secondary">
          <FormattedMessage id="webpaymentServices.backToList" />
        </Link>
      }
      testId="webpayment-service-detail-page"
    >
      <Loaded result={service} errorMessageId={webPaymentServiceErrorMessageId}>
        {(s) => (
          <>
            <WebPaymentServiceForm
              key={s.updatedAt}
              initial={{ name: s.name, description: s.description, url: s.url, type: String(s.type) }}
              creating={false}
              submitLabelId="webpaymentServices.save"
              successMessageId="webpaymentServices.updated"
              send={({ type: _type, ...input }) => updateWebPaymentService(s.id, input)}
            />
            <WebPaymentConfigPanel service={s} />
          </>
        )}
      </Loaded>
    </Page>
  );
}
