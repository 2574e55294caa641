import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { CashDatabaseUpdate, type CashDatabase } from '#schemas/cash-database';
import { CrudDetailPage } from '../../components/crud/CrudDetailPage';
import { useItemAddress } from '../../components/crud/item-address';
import { saveFile } from '../../components/data-table/csv';
import { FieldList } from '../../components/FieldList';
import { TextField } from '../../components/form/fields';
import { SubmitButton } from '../../components/form/SubmitButton';
import { useDraft } from '../../components/form/use-draft';
import { useFormSubmit } from '../../components/form/use-form-submit';
import { useToast } from '../../components/toasts';
import { formatBytes, formatDateTime } from '../../lib/format';
import { useCashDatabase } from './api/get-cash-database';
import { deleteCashDatabase, downloadCashDatabase, updateCashDatabase } from './api/save-cash-database';
import { CASH_DATABASE_FORM_MESSAGES, CASH_DATABASES_PATH, cashDatabaseErrorMessageId, targetMessageId } from './messages';

/** /manage/cash-database/{id}?merchantId=: the version and its file (size and SHA-256 as computed from it), its description editable, downloaded, deleted after confirmation. */
export function CashDatabaseDetailPage() {
  const intl = useIntl();
  const { id, merchantId } = useItemAddress();
  const db = useCashDatabase(merchantId, id);
  return (
    <CrudDetailPage
      result={db}
      title={(d: CashDatabase) => `${d.deviceType} · ${d.version}`}
      updateRoute="cashDatabases.update"
      actions={(d) => <DownloadButton db={d} />}
      remove={{
        route: 'cashDatabases.delete',
        messages: {
          action: 'cashDatabases.delete.action',
          confirmTitle: 'cashDatabases.delete.confirmTitle',
          confirmMessage: 'cashDatabases.delete.confirmMessage',
          confirm: 'cashDatabases.delete.confirm',
          cancel: 'cashDatabases.cancel',
          deleted: 'cashDatabases.deleted',
        },
        remove: () => deleteCashDatabase(merchantId!, id),
        testId: 'cash-database-delete',
      }}
      titleId="cashDatabases.detail.title"
      testId="cash-database-detail-page"
      listPath={CASH_DATABASES_PATH}
      backMessageId="cashDatabases.backToList"
      errorMessageId={cashDatabaseErrorMessageId}
    >
      {(d, canEdit) => (
        <>
          <div className="card">
            <FieldList
              testId="cash-database-fields"
              rows={[
                ['version', 'cashDatabases.field.version', d.version],
                ['deviceType', 'cashDatabases.field.deviceType', d.deviceType],
                ['peripheral', 'cashDatabases.field.peripheral', intl.formatMessage({ id: targetMessageId(d) })],
                ['file', 'cashDatabases.field.file', d.file.fileName],
                ['size', 'cashDatabases.field.size', formatBytes(d.file.size, intl.locale)],
                ['sha256', 'cashDatabases.field.sha256', <code key="sha">{d.file.sha256}</code>],
                ['rules', 'cashDatabases.field.rules', String(d.rules)],
                ['createdAt', 'cashDatabases.field.createdAt', `${formatDateTime(d.createdAt, intl.locale)} · ${d.createdBy}`],
              ]}
            />
          </div>
          <DescriptionForm key={d.updatedAt} db={d} canEdit={canEdit} />
        </>
      )}
    </CrudDetailPage>
  );
}

function DownloadButton({ db }: { db: CashDatabase }) {
  const { showToast } = useToast();
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      const file = await downloadCashDatabase(db.merchantId, db.id);
      saveFile(file.fileName ?? db.file.fileName, file.blob);
    } catch (error) {
      showToast({ kind: 'error', messageId: cashDatabaseErrorMessageId(error) });
    } finally {
      setBusy(false);
    }
  }
  return (
    <button type="button" className="button button--secondary" onClick={() => void download()} disabled={busy} data-testid="cash-database-download">
      <FormattedMessage id="cashDatabases.download" />
    </button>
  );
}

/** The description, the one thing that changes on a cash database. */
function DescriptionForm({ db, canEdit }: { db: CashDatabase; canEdit: boolean }) {
  const { errors, saving, submit } = useFormSubmit(CashDatabaseUpdate, 'cashDatabases.updated', CASH_DATABASE_FORM_MESSAGES);
  const { draft, field } = useDraft({ description: db.description }, errors);
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void submit(draft, (input) => updateCashDatabase(db.merchantId, db.id, input));
  }
  return (
    <form className="card form" onSubmit={onSubmit} noValidate data-testid="cash-database-update-form">
      <TextField {...field('description')} labelId="cashDatabases.field.description" readOnly={!canEdit} />
      {canEdit && (
        <div className="form__actions">
          <SubmitButton labelId="cashDatabases.save" busy={saving} testId="cash-database-save" />
        </div>
      )}
    </form>
  );
}
