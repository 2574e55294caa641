// The two modules of `qrcode` (pure JS, MIT) the SVG renderer needs: the encoder and the SVG tag renderer.
// Importing them directly keeps the PNG/canvas renderers (and pngjs) out of the Lambda bundle.
declare module 'qrcode/lib/core/qrcode.js' {
  export interface QrData {
    modules: { size: number; data: Uint8Array };
    version: number;
  }
  export function create(text: string, options?: { errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H' }): QrData;
}
declare module 'qrcode/lib/renderer/svg-tag.js' {
  import type { QrData } from 'qrcode/lib/core/qrcode.js';
  export function render(qr: QrData, options?: { margin?: number; width?: number; color?: { dark?: string; light?: string } }): string;
}
