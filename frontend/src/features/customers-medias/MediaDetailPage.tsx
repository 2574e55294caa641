import { FormattedMessage, useIntl } from 'react-intl';
import { Link, NavLink, Outlet, useOutletContext, useParams } from 'react-router-dom';
import type { MediaDetail } from '#schemas/media';
import { MEDIA_ID_PATTERN } from '#schemas/media-constants';
import { Page } from '../../components/Page';
import { ForOneMerchant, Loaded, NotFoundState } from '../../components/states';
import { useCurrentMerchant } from '../../lib/resources/use-current-merchant';
import { useSession } from '../../lib/session';
import { useMedia } from './api/get-media';
import { useMaximumRefund } from './api/get-maximum-refund';
import { MediaActions } from './components/MediaActions';
import { MediaStatusBadge } from './components/MediaStatusBadge';
import { canActOnMedias, mediaPath, mediaSerialText } from './media-labels';
import { mediaErrorMessageId } from './messages';
import { useMayCall } from '../../components/use-may-call';
import './customers-medias.css';

/** What the media's tabs read from its screen. */
export interface MediaContext {
  merchantId: string;
  currency: string;
  media: MediaDetail;
}
export const useMediaContext = () => useOutletContext<MediaContext>();

const TABS = [
  { path: undefined, messageId: 'medias.tab.details', end: true },
  { path: 'transactions', messageId: 'medias.tab.transactions', end: false },
  { path: 'refunds', messageId: 'medias.tab.refunds', end: false },
] as const;

/**
 * /customers-medias/medias/{mediaId}: the media of the merchant picked in the app bar, its status and actions,
 * and its tabs (details with the action history, transactions, refunds). An address that is not a MediaId is
 * a media not found, as a 404 would be.
 */
export function MediaDetailPage() {
  const intl = useIntl();
  const param = (useParams().mediaId ?? '').toUpperCase();
  const mediaId = MEDIA_ID_PATTERN.test(param) ? param : '';
  const { merchantId, merchant, merchants } = useCurrentMerchant();
  const media = useMedia(mediaId ? merchantId : null, mediaId);
  const { identity } = useSession();
  const readsAuditLog = useMayCall('audit.list');
  const maximumRefund = useMaximumRefund(merchantId);
  const text = (id: string) => intl.formatMessage({ id });
  const notFound = <NotFoundState messageId="errors.MediaNotFoundException" listPath="/customers-medias/medias" listMessageId="medias.goToList" />;

  return (
    <Page
      title={<FormattedMessage id="medias.detail.title" values={{ serial: media.data ? mediaSerialText(media.data.serial, text) : param }} />}
      actions={
        <>
          <Link to="/customers-medias/medias" className="button button--secondary">
            <FormattedMessage id="medias.backToList" />
          </Link>
          {mediaId && readsAuditLog && (
            <Link to={`/manage/audit-log?mediaId=${encodeURIComponent(mediaId)}`} className="button button--secondary" data-testid="media-audit-log">
              <FormattedMessage id="auditLog.link" />
            </Link>
          )}
        </>
      }
      testId="media-detail-page"
    >
      <ForOneMerchant merchants={merchants} merchantId={merchantId} chooseMessageId="medias.chooseMerchant">
        {(merchantId) =>
          mediaId ? (
            <Loaded result={media} errorMessageId={mediaErrorMessageId} notFound={notFound}>
              {(m) => (
                <>
                  <section className="card media-summary" data-testid="media-summary" data-media-id={m.mediaId} data-status={m.status}>
                    <MediaStatusBadge status={m.status} />
                    {m.tokensBlocked && (
                      <span className="badge badge--warn" data-testid="media-tokens-blocked">
                        <FormattedMessage id="medias.tokensBlocked" />
                      </span>
                    )}
                    <span className="nowrap">
                      <FormattedMessage id="medias.field.mediaId" />: {m.mediaId}
                    </span>
                    {canActOnMedias(identity?.role) && (
                      <MediaActions merchantId={merchantId} media={m} currency={merchant!.currency} maximumRefund={maximumRefund} />
                    )}
                  </section>
                  <nav className="tabs" aria-label={text('medias.tabs')} data-testid="media-tabs">
                    {TABS.map((tab) => (
                      <NavLink key={tab.messageId} to={mediaPath(m.mediaId, tab.path)} end={tab.end} className="tabs__tab" data-tab={tab.path ?? 'details'}>
                        <FormattedMessage id={tab.messageId} />
                      </NavLink>
                    ))}
                  </nav>
                  <Outlet context={{ merchantId, currency: merchant!.currency, media: m } satisfies MediaContext} />
                </>
              )}
            </Loaded>
          ) : (
            notFound
          )
        }
      </ForOneMerchant>
    </Page>
  );
}
