import useSWR from 'swr';
import { PosQrCode } from '#schemas/pos';
import { apiFile, apiGet, type ApiFile } from '../../../lib/api';
import { posKey } from './get-pos';

/** GET /pos/{serial}/qrcode: the console link the machine's QR code carries. */
export const qrCodeKey = (serial: string) => `${posKey(serial)}/qrcode`;
export const fetchQrCode = (serial: string) => apiGet(qrCodeKey(serial), PosQrCode);

export function useQrCode(serial: string, enabled: boolean) {
  return useSWR(enabled ? qrCodeKey(serial) : null, () => fetchQrCode(serial));
}

/**
 * GET /pos/{serial}/qrcode/image: the QR code as SVG (it needs the bearer token, so it is fetched, not linked),
 * shown as a data: URL. The console's CSP allows data: images and not blob: ones; a data: URL needs no widening
 * of it (locally and in CloudFront) and nothing to revoke, and the SVG is a few KB.
 */
const imageKey = (serial: string) => `${qrCodeKey(serial)}/image`;
export async function fetchQrCodeImage(serial: string): Promise<string> {
  const svg = await (await apiFile(imageKey(serial))).blob.text();
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

export function useQrCodeImage(serial: string, enabled: boolean) {
  return useSWR(enabled ? imageKey(serial) : null, () => fetchQrCodeImage(serial));
}

/** GET /pos/{serial}/qrcode/download: the same image as an attachment named after the machine. */
export const downloadQrCode = (serial: string): Promise<ApiFile> => apiFile(`${qrCodeKey(serial)}/download`);
