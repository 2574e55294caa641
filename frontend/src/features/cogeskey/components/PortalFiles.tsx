import { FormattedMessage } from 'react-intl';
import { LOGO_MAX_HEIGHT, LOGO_MAX_WIDTH } from '#schemas/content-file';
import type { PortalFileKind, PortalSettings } from '#schemas/cogeskey';
import { ContentFileField } from '../../../components/form/ContentFileField';
import { useToast } from '../../../components/toasts';
import { usePortalImage } from '../api/get-portal-image';
import { removePortalFile, uploadPortalFile } from '../api/save-portal';
import { portalErrorMessageId } from '../messages';

const IMAGE_ACCEPT = '.png,.jpg,.jpeg';

/** The portal's files: the logo and the app's logo (jpg or png, at most 500 × 200 px), the ingredients (pdf). */
export function PortalFiles({ merchantId, portal }: { merchantId: string; portal: PortalSettings }) {
  const { showToast } = useToast();
  const logo = usePortalImage(merchantId, 'files/logo', portal.logo?.uploadedAt ?? null);
  const appLogo = usePortalImage(merchantId, 'files/appLogo', portal.appLogo?.uploadedAt ?? null);
  const values = { width: LOGO_MAX_WIDTH, height: LOGO_MAX_HEIGHT };

  const upload = (kind: PortalFileKind) => async (file: File, onProgress: (share: number) => void) => {
    try {
      await uploadPortalFile(merchantId, kind, file, onProgress);
      showToast({ kind: 'success', messageId: 'cogeskey.fileSaved' });
    } catch (error) {
      showToast({ kind: 'error', messageId: portalErrorMessageId(error), values });
      throw error;
    }
  };
  const remove = (kind: PortalFileKind) => async () => {
    try {
      await removePortalFile(merchantId, kind);
      showToast({ kind: 'success', messageId: 'cogeskey.fileRemoved' });
    } catch (error) {
      showToast({ kind: 'error', messageId: portalErrorMessageId(error) });
    }
  };

  return (
    <section className="card form" aria-labelledby="portal-files-title" data-testid="portal-files">
      <h2 id="portal-files-title">
        <FormattedMessage id="cogeskey.files" />
      </h2>
      <ContentFileField
        labelId="cogeskey.file.logo"
        accept={IMAGE_ACCEPT}
        hintId="cogeskey.file.logo.hint"
        hintValues={values}
        current={portal.logo}
        previewUrl={logo.data}
        onUpload={upload('logo')}
        onRemove={remove('logo')}
        testId="portal-file-logo"
      />
      <ContentFileField
        labelId="cogeskey.file.appLogo"
        accept={IMAGE_ACCEPT}
        hintId="cogeskey.file.logo.hint"
        hintValues={values}
        current={portal.appLogo}
        previewUrl={appLogo.data}
        onUpload={upload('appLogo')}
        onRemove={remove('appLogo')}
        testId="portal-file-appLogo"
      />
      <ContentFileField
        labelId="cogeskey.file.ingredients"
        accept=".pdf"
        hintId="cogeskey.file.ingredients.hint"
        current={portal.ingredients}
        onUpload={upload('ingredients')}
        onRemove={remove('ingredients')}
        testId="portal-file-ingredients"
      />
    </section>
  );
}
