import { useNavigate } from 'react-router-dom';
import { CrudCreatePage } from '../../components/crud/CrudCreatePage';
import { itemPath } from '../../components/crud/item-address';
import { saveScreenConfiguration } from './api/save-screen-configuration';
import { NEW_SCREEN, ScreenConfigurationForm } from './components/ScreenConfigurationForm';
import { SCREEN_ITEM_PATH, SCREEN_LIST_PATH } from './ScreenConfigurationListPage';

/** /manage/screen-configuration/create: a screen configuration of the merchant picked in the app bar, then its screen. */
export function ScreenConfigurationCreatePage() {
  const navigate = useNavigate();
  return (
    <CrudCreatePage
      route="screenConfigurations.create"
      titleId="screenConfigurations.create.title"
      testId="screen-configuration-create-page"
      listPath={SCREEN_LIST_PATH}
      backMessageId="screenConfigurations.backToList"
      chooseMessageId="screenConfigurations.chooseMerchant"
    >
      {(merchantId) => (
        <ScreenConfigurationForm
          key={merchantId}
          initial={NEW_SCREEN}
          submitLabelId="screenConfigurations.create.submit"
          successMessageId="screenConfigurations.created"
          send={async (input) => {
            const saved = await saveScreenConfiguration(merchantId, null, input);
            navigate(itemPath(SCREEN_ITEM_PATH, saved.merchantId, saved.id));
          }}
        />
      )}
    </CrudCreatePage>
  );
}
