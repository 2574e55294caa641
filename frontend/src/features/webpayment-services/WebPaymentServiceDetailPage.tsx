import { useParams } from 'react-router-dom';
import { CrudDetailPage } from '../../components/crud/CrudDetailPage';
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
    <CrudDetailPage
      result={service}
      updateRoute="webpaymentServices.update"
      titleId="webpaymentServices.detail.title"
      testId="webpayment-service-detail-page"
      listPath="/admin/webpayment-services"
      backMessageId="webpaymentServices.backToList"
      errorMessageId={webPaymentServiceErrorMessageId}
    >
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
    </CrudDetailPage>
  );
}
