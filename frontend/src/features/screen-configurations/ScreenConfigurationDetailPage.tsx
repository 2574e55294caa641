import { CrudDetailPage } from '../../components/crud/CrudDetailPage';
import { useItemAddress } from '../../components/crud/item-address';
import { useScreenConfiguration } from './api/get-screen-configuration';
import { saveScreenConfiguration } from './api/save-screen-configuration';
import { ScreenConfigurationForm } from './components/ScreenConfigurationForm';
import { ScreenSendCard } from './components/ScreenSendCard';
import { screenErrorMessageId } from './messages';
import { SCREEN_LIST_PATH } from './ScreenConfigurationListPage';

/** /manage/screen-configuration/{id}?merchantId=: edit the screen configuration and send it to machines (command 7). */
export function ScreenConfigurationDetailPage() {
  const { id, merchantId } = useItemAddress();
  const result = useScreenConfiguration(merchantId, id);
  return (
    <CrudDetailPage
      result={result}
      updateRoute="screenConfigurations.update"
      titleId="screenConfigurations.detail.title"
      testId="screen-configuration-detail-page"
      listPath={SCREEN_LIST_PATH}
      backMessageId="screenConfigurations.backToList"
      errorMessageId={screenErrorMessageId}
    >
      {(s) => (
        <div className="screen-detail">
          <ScreenConfigurationForm
            key={s.updatedAt}
            initial={{ name: s.name, orientation: s.orientation, theme: s.theme, idleSeconds: s.idleSeconds, welcomeText: s.welcomeText, slides: s.slides }}
            submitLabelId="screenConfigurations.save"
            successMessageId="screenConfigurations.updated"
            send={(input) => saveScreenConfiguration(s.merchantId, s.id, input)}
          />
          <ScreenSendCard configuration={s} />
        </div>
      )}
    </CrudDetailPage>
  );
}
