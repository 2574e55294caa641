import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { saveFile } from '../../../components/data-table/csv';
import { Spinner } from '../../../components/Spinner';
import { Loaded } from '../../../components/states';
import { useToast } from '../../../components/toasts';
import { downloadQrCode, useQrCode, useQrCodeImage } from '../api/get-qr-code';
import { deviceErrorMessageId } from '../messages';

/** The machine's QR code (SVG from the API), the link it carries, and a download. */
export function QrCodePanel({ serial }: { serial: string }) {
  const intl = useIntl();
  const { showToast } = useToast();
  const link = useQrCode(serial, true);
  const image = useQrCodeImage(serial, true);
  const [downloading, setDownloading] = useState(false);

  async function download() {
    setDownloading(true);
    try {
      const file = await downloadQrCode(serial);
      saveFile(file.fileName ?? `${serial}-qrcode.svg`, file.blob);
    } catch (error) {
      showToast({ kind: 'error', messageId: deviceErrorMessageId(error) });
    } finally {
      setDownloading(false);
    }
  }

  return (
    <section className="card device-panel qr-panel" data-testid="device-qr">
      <h2>
        <FormattedMessage id="devices.qr.title" />
      </h2>
      <Loaded result={image} loading={<Spinner />} errorMessageId={deviceErrorMessageId}>
        {(src) => <img src={src} alt={intl.formatMessage({ id: 'devices.qr.alt' }, { serial })} className="qr-panel__image" data-testid="device-qr-image" />}
      </Loaded>
      {link.data && (
        <p className="qr-panel__url">
          <a href={link.data.url} data-testid="device-qr-url">
            {link.data.url}
          </a>
        </p>
      )}
      <button type="button" className="button button--secondary" onClick={() => void download()} disabled={downloading} data-testid="device-qr-download">
        {downloading ? <Spinner size="small" /> : <FormattedMessage id="devices.qr.download" />}
      </button>
    </section>
  );
}
