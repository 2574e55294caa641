import { FormattedDate, FormattedMessage } from 'react-intl';
import { CrudDetailPage } from '../../components/crud/CrudDetailPage';
import { useItemAddress } from '../../components/crud/item-address';
import { useMayCall } from '../../components/use-may-call';
import { useVpConfiguration } from './api/get-vp-configuration';
import { updateVpConfiguration } from './api/update-vp-configuration';
import { VpConfigurationForm } from './components/VpConfigurationForm';
import { VpDownloadCard } from './components/VpDownloadCard';
import { VpMachinesCard } from './components/VpMachinesCard';
import { VpSendCard } from './components/VpSendCard';
import { VpVersionsCard } from './components/VpVersionsCard';
import { draftOf } from './components/vp-draft';
import { vpErrorMessageId } from './messages';
import { VP_LIST_PATH } from './VpConfigurationListPage';
import './vp-configurations.css';

/**
 * /devices/vp/configurations/{id}?merchantId=: the current version (saved as a new one; read-only for merchant users),
 * sending it to machines, downloading it as a file, its versions and the machines that run it.
 */
export function VpConfigurationDetailPage() {
  const { id, merchantId } = useItemAddress();
  const result = useVpConfiguration(merchantId, id);
  const maySend = useMayCall('vpConfigurations.send');
  const mayListPos = useMayCall('vpConfigurations.pos');
  return (
    <CrudDetailPage
      result={result}
      updateRoute="vpConfigurations.update"
      titleId="vpConfigurations.detail.title"
      testId="vp-configuration-detail-page"
      listPath={VP_LIST_PATH}
      backMessageId="vpConfigurations.backToList"
      errorMessageId={vpErrorMessageId}
    >
      {(c, canEdit) => (
        <div className="vp-detail">
          <p className="muted" data-testid="vp-configuration-meta">
            <FormattedMessage
              id="vpConfigurations.detail.meta"
              values={{
                version: c.version,
                bytes: c.bytes,
                created: <FormattedDate value={c.createdAt} dateStyle="short" timeStyle="short" />,
                createdBy: c.createdBy,
                updated: <FormattedDate value={c.updatedAt} dateStyle="short" timeStyle="short" />,
                updatedBy: c.updatedBy,
              }}
            />
          </p>
          <VpConfigurationForm
            key={c.version}
            initial={draftOf(c)}
            canEdit={canEdit}
            submitLabelId="vpConfigurations.save"
            successMessageId="vpConfigurations.updated"
            send={(input) => updateVpConfiguration(c.merchantId, c.id, input)}
          />
          {maySend && <VpSendCard configuration={c} />}
          <VpDownloadCard configuration={c} />
          {mayListPos && <VpMachinesCard configuration={c} />}
          <VpVersionsCard configuration={c} />
        </div>
      )}
    </CrudDetailPage>
  );
}
