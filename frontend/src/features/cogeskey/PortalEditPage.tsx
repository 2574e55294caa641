import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { Page } from '../../components/Page';
import { ForOneMerchant, Loaded } from '../../components/states';
import { useCurrentMerchant } from '../../lib/resources/use-current-merchant';
import { usePortal } from './api/get-portal';
import { PortalFiles } from './components/PortalFiles';
import { PortalSettingsForm } from './components/PortalSettingsForm';
import { portalErrorMessageId } from './messages';
import './cogeskey.css';

/** /manage/cogeskey-portal (super admin): the customer portal of the app bar's merchant, its settings and files. */
export function PortalEditPage() {
  const { merchantId, merchants } = useCurrentMerchant();
  return (
    <Page
      title={<FormattedMessage id="cogeskey.title" />}
      actions={
        <Link to="/cogeskey/preview" className="button button--secondary" data-testid="portal-preview-link">
          <FormattedMessage id="cogeskey.preview.open" />
        </Link>
      }
      testId="portal-edit-page"
    >
      <ForOneMerchant merchants={merchants} merchantId={merchantId} chooseMessageId="cogeskey.chooseMerchant">
        {(id) => <PortalOf key={id} merchantId={id} />}
      </ForOneMerchant>
    </Page>
  );
}

function PortalOf({ merchantId }: { merchantId: string }) {
  const portal = usePortal(merchantId);
  return (
    <Loaded result={portal} errorMessageId={portalErrorMessageId}>
      {(p) => (
        <>
          {!p.configured && (
            <p className="card state" data-testid="portal-not-configured">
              <FormattedMessage id="cogeskey.notConfigured" />
            </p>
          )}
          <PortalSettingsForm key={p.configured ? 'saved' : 'new'} merchantId={merchantId} portal={p} />
          <PortalFiles merchantId={merchantId} portal={p} />
        </>
      )}
    </Loaded>
  );
}
