import { FormattedMessage } from 'react-intl';
import { Page } from '../../components/Page';
import { ForOneMerchant } from '../../components/states';
import { useAlarmStats } from '../../lib/resources/get-alarm-stats';
import { useCurrentMerchant } from '../../lib/resources/use-current-merchant';
import { AlarmCountsStrip } from '../../components/AlarmCountsStrip';
import { AlarmsTable } from './components/AlarmsTable';
import './alarms.css';

/** /alarms: the alarms of the merchant picked in the app bar (a group admin's groups only), with their counts on top. */
export function AlarmsPage() {
  const { merchantId, merchants } = useCurrentMerchant();
  return (
    <Page title={<FormattedMessage id="alarms.title" />} testId="alarms-page">
      <ForOneMerchant merchants={merchants} merchantId={merchantId} chooseMessageId="alarms.chooseMerchant">
        {(merchantId) => <MerchantAlarms key={merchantId} merchantId={merchantId} />}
      </ForOneMerchant>
    </Page>
  );
}

function MerchantAlarms({ merchantId }: { merchantId: string }) {
  const stats = useAlarmStats(merchantId);
  return (
    <>
      {stats.data && <AlarmCountsStrip counts={stats.data.counts} />}
      <AlarmsTable scope={{ merchantId }} tableId="alarms" />
    </>
  );
}
