import { FormattedMessage } from 'react-intl';
import { Page } from '../../components/Page';
import { ForOneMerchant, Loaded } from '../../components/states';
import { useCurrentMerchant } from '../../lib/resources/use-current-merchant';
import { usePortalView } from './api/get-portal';
import { PortalPreview } from './components/PortalPreview';
import { portalErrorMessageId } from './messages';
import './cogeskey.css';

/** /cogeskey/preview (super admin, merchant admin): the portal of the app bar's merchant as a customer sees it, on a phone and on a desktop. */
export function PortalPreviewPage() {
  const { merchantId, merchants } = useCurrentMerchant();
  return (
    <Page title={<FormattedMessage id="cogeskey.preview.title" />} testId="portal-preview-page">
      <ForOneMerchant merchants={merchants} merchantId={merchantId} chooseMessageId="cogeskey.chooseMerchant">
        {(id) => <PreviewOf key={id} merchantId={id} />}
      </ForOneMerchant>
    </Page>
  );
}

function PreviewOf({ merchantId }: { merchantId: string }) {
  const view = usePortalView(merchantId);
  return (
    <Loaded result={view} errorMessageId={portalErrorMessageId}>
      {(v) =>
        !v.settings.configured ? (
          <section className="card">
            <p className="state" data-testid="portal-not-configured">
              <FormattedMessage id="cogeskey.preview.notConfigured" />
            </p>
          </section>
        ) : (
          <div className="portal-previews">
            <section aria-labelledby="portal-phone-title">
              <h2 id="portal-phone-title">
                <FormattedMessage id="cogeskey.preview.phone" />
              </h2>
              <PortalPreview merchantId={merchantId} view={v} device="phone" />
            </section>
            <section aria-labelledby="portal-desktop-title">
              <h2 id="portal-desktop-title">
                <FormattedMessage id="cogeskey.preview.desktop" />
              </h2>
              <PortalPreview merchantId={merchantId} view={v} device="desktop" />
            </section>
          </div>
        )
      }
    </Loaded>
  );
}
