import { useNavigate } from 'react-router-dom';
import type { MasterAlarmCreate } from '#schemas/alarm';
import { CrudCreatePage } from '../../components/crud/CrudCreatePage';
import { createMasterAlarm } from './api/save-master-alarm';
import { MasterAlarmForm, NEW_MASTER_ALARM } from './components/MasterAlarmForm';
import { masterAlarmPath } from './messages';

/** /admin/troubleshooting-alarm/create: a new master alarm, then its screen. */
export function MasterAlarmCreatePage() {
  const navigate = useNavigate();
  async function send(input: MasterAlarmCreate) {
    const alarm = await createMasterAlarm(input);
    navigate(masterAlarmPath(alarm.code));
  }
  return (
    <CrudCreatePage
      scope="platform"
      route="masterAlarms.create"
      titleId="troubleshooting.create.title"
      testId="master-alarm-create-page"
      listPath="/admin/troubleshooting-alarm"
      backMessageId="troubleshooting.backToList"
    >
      <MasterAlarmForm
        initial={NEW_MASTER_ALARM}
        creating
        submitLabelId="troubleshooting.create.submit"
        successMessageId="troubleshooting.created"
        send={send}
      />
    </CrudCreatePage>
  );
}
