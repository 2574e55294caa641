import { useParams } from 'react-router-dom';
import { CrudDetailPage } from '../../components/crud/CrudDetailPage';
import { useMasterAlarm } from './api/get-master-alarm';
import { deleteMasterAlarm, updateMasterAlarm } from './api/save-master-alarm';
import { MasterAlarmForm } from './components/MasterAlarmForm';
import { masterAlarmErrorMessageId } from './messages';

/** /admin/troubleshooting-alarm/{code}: the master alarm, editable, deleted after confirmation. */
export function MasterAlarmDetailPage() {
  const code = useParams().id ?? '';
  const alarm = useMasterAlarm(code);
  return (
    <CrudDetailPage
      result={alarm}
      title={(a) => `${a.code} · ${a.message}`}
      updateRoute="masterAlarms.update"
      remove={{
        route: 'masterAlarms.delete',
        messages: {
          action: 'troubleshooting.delete.action',
          confirmTitle: 'troubleshooting.delete.confirmTitle',
          confirmMessage: 'troubleshooting.delete.confirmMessage',
          confirm: 'troubleshooting.delete.confirm',
          cancel: 'alarms.cancel',
          deleted: 'troubleshooting.deleted',
        },
        remove: () => deleteMasterAlarm(code),
        testId: 'master-alarm-delete',
      }}
      titleId="troubleshooting.detail.title"
      testId="master-alarm-detail-page"
      listPath="/admin/troubleshooting-alarm"
      backMessageId="troubleshooting.backToList"
      errorMessageId={masterAlarmErrorMessageId}
    >
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
    </CrudDetailPage>
  );
}
