import { create } from 'qrcode/lib/core/qrcode.js';
import { render } from 'qrcode/lib/renderer/svg-tag.js';

/** A QR code of `text` as a standalone SVG document (error correction M, 4-module quiet zone). */
export function qrSvg(text: string, width = 256): string {
  return render(create(text, { errorCorrectionLevel: 'M' }), { margin: 4, width });
}
