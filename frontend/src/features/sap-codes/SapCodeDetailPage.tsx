import { FormattedMessage } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import { Page } from '../../components/Page';
import { Loaded } from '../../components/states';
import { useSapCode } from './api/get-sap-code';
import { updateSapCode } from './api/save-sap-code';
import { SapCodeForm } from './components/SapCodeForm';
import { merchantSapCodesPath, sapCodeErrorMessageId } from './messages';

/** /admin/sapcodes/{sapcodeid}: the SAP code, editable. */
export function SapCodeDetailPage() {
  const id = useParams().sapcodeid ?? '';
  const sapCode = useSapCode(id);
  return (
    <Page
      title={sapCode.data?.code ?? <FormattedMessage id="sapCodes.detail.title" />}
      actions={
        sapCode.data && (
          <Link to={merchantSapCodesPath(sapCode.data.merchantId)} className="button button--secondary">
            <FormattedMessage id="sapCodes.backToList" />
          </Link>
        )
      }
      testId="sap-code-detail-page"
    >
      <Loaded result={sapCode} errorMessageId={sapCodeErrorMessageId}>
        {(s) => (
          <SapCodeForm
            key={s.updatedAt}
            initial={{ code: s.code, description: s.description }}
            submitLabelId="sapCodes.save"
            successMessageId="sapCodes.updated"
            send={(input) => updateSapCode(s.id, input)}
          />
        )}
      </Loaded>
    </Page>
  );
}
