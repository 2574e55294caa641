import { FormattedMessage } from 'react-intl';
import { Link, useNavigate } from 'react-router-dom';
import type { MasterAlarmCreate } from '#schemas/alarm';
import { Page } from '../../components/Page';
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
    <Page
      title={<FormattedMessage id="troubleshooting.create.title" />}
      actions={
        <Link to="/admin/troubleshooting-alarm" className="button button--secondary">
          <FormattedMessage id="troubleshooting.backToList" />
        </Link>
      }
      testId="master-alarm-create-page"
    >
      <MasterAlarmForm
        initial={NEW_MASTER_ALARM}
        creating
        submitLabelId="troubleshooting.create.submit"
        successMessageId="troubleshooting.created"
        send={send}
      />
    </Page>
  );
}
