import { useNavigate } from 'react-router-dom';
import { CrudCreatePage } from '../../components/crud/CrudCreatePage';
import { itemPath } from '../../components/crud/item-address';
import { createVpConfiguration } from './api/create-vp-configuration';
import { VpConfigurationForm } from './components/VpConfigurationForm';
import { NEW_VP } from './components/vp-draft';
import { VP_LIST_PATH } from './VpConfigurationListPage';

/** /devices/vp/configurations/create: a configuration of the merchant picked in the app bar, then its screen. */
export function VpConfigurationCreatePage() {
  const navigate = useNavigate();
  return (
    <CrudCreatePage
      route="vpConfigurations.create"
      titleId="vpConfigurations.create.title"
      testId="vp-configuration-create-page"
      listPath={VP_LIST_PATH}
      backMessageId="vpConfigurations.backToList"
      chooseMessageId="vpConfigurations.chooseMerchant"
    >
      {(merchantId) => (
        <VpConfigurationForm
          key={merchantId}
          initial={NEW_VP}
          canEdit
          submitLabelId="vpConfigurations.create.submit"
          successMessageId="vpConfigurations.created"
          send={async (input) => {
            const created = await createVpConfiguration(merchantId, input);
            navigate(itemPath(VP_LIST_PATH, created.merchantId, created.id));
          }}
        />
      )}
    </CrudCreatePage>
  );
}
