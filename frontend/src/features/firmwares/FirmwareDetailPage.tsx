import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import { DeleteButton } from '../../components/DeleteButton';
import { FieldList } from '../../components/FieldList';
import { Page } from '../../components/Page';
import { Loaded } from '../../components/states';
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
    <Page
      title={firmware.data ? `${firmware.data.deviceType} · ${firmware.data.version}` : <FormattedMessage id="firmwares.detail.title" />}
      actions={
        <>
          <Link to="/admin/firmwares" className="button button--secondary">
            <FormattedMessage id="firmwares.backToList" />
          </Link>
          {firmware.data && (
            <DeleteButton
              messages={{
                action: 'firmwares.delete.action',
                confirmTitle: 'firmwares.delete.confirmTitle',
                confirmMessage: 'firmwares.delete.confirmMessage',
                confirm: 'firmwares.delete.confirm',
                cancel: 'firmwares.cancel',
                deleted: 'firmwares.deleted',
              }}
              remove={() => deleteFirmware(id)}
              afterPath="/admin/firmwares"
              errorMessageId={firmwareErrorMessageId}
              testId="firmware-delete"
            />
          )}
        </>
      }
      testId="firmware-detail-page"
    >
      <Loaded result={firmware} errorMessageId={firmwareErrorMessageId}>
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
      </Loaded>
    </Page>
  );
}
