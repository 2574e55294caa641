import { useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import { CrudDetailPage } from '../../components/crud/CrudDetailPage';
import { FieldList } from '../../components/FieldList';
import { formatBytes, formatDateTime } from '../../lib/format';
import { useFirmware } from './api/get-firmware';
import { deleteFirmware } from './api/save-firmware';
import { FirmwareLevelForm } from './components/FirmwareLevelForm';
import { firmwareErrorMessageId } from './messages';

/** /admin/firmwares/{id}: the firmware and its file (size and SHA-256 as computed from it), level and date editable, deleted after confirmation. */
export function FirmwareDetailPage() {
  const intl = useIntl();
  const id = useParams().id ?? '';
  const firmware = useFirmware(id);
  return (
    <CrudDetailPage
      result={firmware}
      title={(f) => `${f.deviceType} · ${f.version}`}
      updateRoute="firmwares.update"
      remove={{
        route: 'firmwares.delete',
        messages: {
          action: 'firmwares.delete.action',
          confirmTitle: 'firmwares.delete.confirmTitle',
          confirmMessage: 'firmwares.delete.confirmMessage',
          confirm: 'firmwares.delete.confirm',
          cancel: 'firmwares.cancel',
          deleted: 'firmwares.deleted',
        },
        remove: () => deleteFirmware(id),
        testId: 'firmware-delete',
      }}
      titleId="firmwares.detail.title"
      testId="firmware-detail-page"
      listPath="/admin/firmwares"
      backMessageId="firmwares.backToList"
      errorMessageId={firmwareErrorMessageId}
    >
      {(f) => (
        <>
          <div className="card">
            <FieldList
              testId="firmware-fields"
              rows={[
                ['version', 'firmwares.field.version', f.version],
                ['deviceType', 'firmwares.field.deviceType', f.deviceType],
                ['file', 'firmwares.field.file', f.file.fileName],
                ['size', 'firmwares.field.size', formatBytes(f.file.size, intl.locale)],
                ['sha256', 'firmwares.field.sha256', <code key="sha">{f.file.sha256}</code>],
                ['rules', 'firmwares.field.rules', String(f.rules)],
                ['createdAt', 'firmwares.field.createdAt', formatDateTime(f.createdAt, intl.locale)],
              ]}
            />
          </div>
          <FirmwareLevelForm key={f.updatedAt} firmware={f} />
        </>
      )}
    </CrudDetailPage>
  );
}
