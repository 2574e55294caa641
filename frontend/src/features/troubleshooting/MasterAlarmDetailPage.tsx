import { FormattedMessage } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import { DeleteButton } from '../../components/DeleteButton';
import { Page } from '../../components/Page';
import { Loaded } from '../../components/states';
import { useMasterAlarm } from './api/get-master-alarm';
import { deleteMasterAlarm, updateMasterAlarm } from './api/save-master-alarm';
import { MasterAlarmForm } from './components/MasterAlarmForm';
import { masterAlarmErrorMessageId } from './messages';

/** /admin/troubleshooting-alarm/{code}: the master alarm, editable, deleted after confirmation. */
export function MasterAlarmDetailPage() {
  const code = useParams().id ?? '';
  const alarm = useMasterAlarm(code);
  return (
    <Page
      title={alarm.data ? `${alarm.data.code} · ${alarm.data.message}` : code}
      actions={
        <>
          <Link to="/admin/troubleshooting-alarm" className="button button--secondary">
            <FormattedMessage id="troubleshooting.backToList" />
          </Link>
          {alarm.data && (
            <DeleteButton
              messages={{
                action: 'troubleshooting.delete.action',
                confirmTitle: 'troubleshooting.delete.confirmTitle',
                confirmMessage: 'troubleshooting.delete.confirmMessage',
                confirm: 'troubleshooting.delete.confirm',
                cancel: 'alarms.cancel',
                deleted: 'troubleshooting.deleted',
              }}
              remove={() => deleteMasterAlarm(code)}
              afterPath="/admin/troubleshooting-alarm"
              errorMessageId={masterAlarmErrorMessageId}
              testId="master-alarm-delete"
            />
          )}
        </>
      }
      testId="master-alarm-detail-page"
    >
      <Loaded result={alarm} errorMessageId={masterAlarmErrorMessageId}>
        {(a) => (
          <MasterAlarmForm
            key={a.updatedAt}
            initial={{ ...a, criticity: String(a.criticity) }}
            creating={false}
            submitLabelId="troubleshooting.save"
            successMessageId="troubleshooting.updated"
            send={({ code: _code, ...input }) => updateMasterAlarm(a.code, input)}
          />
        )}
      </Loaded>
    </Page>
  );
}
