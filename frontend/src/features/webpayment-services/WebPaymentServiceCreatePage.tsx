import { FormattedMessage } from 'react-intl';
import { Link, useNavigate } from 'react-router-dom';
import type { WebPaymentServiceCreate } from '#schemas/webpayment-service';
import { Page } from '../../components/Page';
import { createWebPaymentService } from './api/save-webpayment-service';
import { NEW_WEBPAYMENT_SERVICE, WebPaymentServiceForm } from './components/WebPaymentServiceForm';
import { webPaymentServicePath } from './messages';

/** /admin/webpayment-services/create: a new service, then its screen. */
export function WebPaymentServiceCreatePage() {
  const navigate = useNavigate();
  async function send(input: WebPaymentServiceCreate) {
    const service = await createWebPaymentService(input);
    navigate(webPaymentServicePath(service.id));
  }
  return (
    <Page
      title={<FormattedMessage id="webpaymentServices.create.title" />}
      actions={
        <Link to="/admin/webpayment-services" className="button button--secondary">
          <FormattedMessage id="webpaymentServices.backToList" />
        </Link>
      }
      testId="webpayment-service-create-page"
    >
      <WebPaymentServiceForm
        initial={NEW_WEBPAYMENT_SERVICE}
        creating
        submitLabelId="webpaymentServices.create.submit"
        successMessageId="webpaymentServices.created"
        send={send}
      />
    </Page>
  );
}
