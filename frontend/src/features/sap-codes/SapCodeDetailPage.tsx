import { useParams } from 'react-router-dom';
import { CrudDetailPage } from '../../components/crud/CrudDetailPage';
import { useSapCode } from './api/get-sap-code';
import { updateSapCode } from './api/save-sap-code';
import { SapCodeForm } from './components/SapCodeForm';
import { merchantSapCodesPath, sapCodeErrorMessageId } from './messages';

/** /admin/sapcodes/{sapcodeid}: the SAP code, editable. */
export function SapCodeDetailPage() {
  const id = useParams().sapcodeid ?? '';
  const sapCode = useSapCode(id);
  return (
    <CrudDetailPage
      result={sapCode}
      title={(s) => s.code}
      updateRoute="sapCodes.update"
      titleId="sapCodes.detail.title"
      testId="sap-code-detail-page"
      listPath={(s) => merchantSapCodesPath(s.merchantId)}
      backMessageId="sapCodes.backToList"
      errorMessageId={sapCodeErrorMessageId}
    >
      {(s) => (
        <SapCodeForm
          key={s.updatedAt}
          initial={{ code: s.code, description: s.description }}
          submitLabelId="sapCodes.save"
          successMessageId="sapCodes.updated"
          send={(input) => updateSapCode(s.id, input)}
        />
      )}
    </CrudDetailPage>
  );
}
