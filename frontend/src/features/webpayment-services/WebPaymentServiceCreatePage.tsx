import { useNavigate } from 'react-router-dom';
import type { WebPaymentServiceCreate } from '#schemas/webpayment-service';
import { CrudCreatePage } from '../../components/crud/CrudCreatePage';
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
    <CrudCreatePage
      scope="platform"
      route="webpaymentServices.create"
      titleId="webpaymentServices.create.title"
      testId="webpayment-service-create-page"
      listPath="/admin/webpayment-services"
      backMessageId="webpaymentServices.backToList"
    >
      <WebPaymentServiceForm
        initial={NEW_WEBPAYMENT_SERVICE}
        creating
        submitLabelId="webpaymentServices.create.submit"
        successMessageId="webpaymentServices.created"
        send={send}
      />
    </CrudCreatePage>
  );
}
