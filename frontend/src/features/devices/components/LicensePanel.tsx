import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import type { PointOfSale } from '#schemas/pos';
import { FieldList } from '../../../components/FieldList';
import { Spinner } from '../../../components/Spinner';
import { ErrorState } from '../../../components/states';
import { useMayCall } from '../../../components/use-may-call';
import { ApiError } from '../../../lib/api';
import { hasFeature } from '../../../lib/merchant-features';
import { useMyMerchants } from '../../../lib/resources/get-my-merchants';
import { usePosLicense } from '../api/get-pos-license';

/** The machine's licence status messages (spec §4), as the service manager names them. */
const STATUS: Record<number, string> = {
  0: 'licence.status.pending',
  1: 'licence.status.sent',
  2: 'licence.status.confirmed',
  3: 'licence.status.activated',
  4: 'licence.status.deactivated',
  5: 'licence.status.unassigned',
  6: 'licence.status.expired',
};

/** The machine's licence of the cash-handling connector, for a merchant with NEBULAR_CASH and a caller of the service manager. */
export function LicensePanel({ pos }: { pos: PointOfSale }) {
  const merchant = useMyMerchants().data?.find((m) => m.id === pos.merchantId);
  const shown = useMayCall('serviceManager.get') && hasFeature(merchant, 'NEBULAR_CASH');
  const license = usePosLicense(shown ? pos.serial : null);
  if (!shown) return null;
  const none = license.error instanceof ApiError && license.error.code === 'LicenseDoesNotExistException';
  let body: ReactNode;
  if (license.isLoading) body = <Spinner />;
  else if (none)
    body = (
      <p className="muted" data-testid="device-license-none">
        <FormattedMessage id="licence.device.none" />
      </p>
    );
  else if (license.error) body = <ErrorState error={license.error} onRetry={() => void license.mutate()} />;
  else if (license.data) {
    const l = license.data;
    body = (
      <FieldList
        testId="device-license-fields"
        rows={[
          ['status', 'licence.field.status', <FormattedMessage key="s" id={STATUS[l.status] ?? 'licence.status.pending'} />],
          ['client', 'licence.field.client', l.client.name],
          ['organisation', 'licence.field.organisation', l.organisation],
          ['features', 'licence.field.features', l.features.join(', ') || '—'],
          ['expiresOn', 'licence.field.expiresOn', l.expiresOn ?? '—'],
          ['reported', 'licence.field.reported', l.report ? `${l.report.licenseId} · ${l.report.reportedAt}` : '—'],
        ]}
      />
    );
  }
  return (
    <section className="card" aria-labelledby="device-license-title" data-testid="device-license">
      <h2 id="device-license-title">
        <FormattedMessage id="licence.device.title" />
      </h2>
      {body}
      <Link to="/service-manager" className="button button--secondary">
        <FormattedMessage id="licence.serviceManager.menu" />
      </Link>
    </section>
  );
}
