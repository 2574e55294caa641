/**
 * How a simulated machine takes a firmware sent with remote command 14 (or 17 for a peripheral): it downloads the file
 * through the link the command carries, checks its SHA-256 as it streams, and refuses what a real machine refuses: a
 * firmware of another device type, a link past its expiry (S3 answers 403; s3rver does not check, so the machine reads
 * the link's own X-Amz-Date and X-Amz-Expires), a file whose checksum differs. A machine told to fail
 * (`failFirmware`) fails after the download, as a flash that did not take.
 */
import { createHash } from 'node:crypto';

export interface FirmwareDelivery {
  version: string;
  url: string;
  sha256: string;
  deviceType?: string;
}

/** The command's parameters as a firmware delivery, when they carry a link. */
export function deliveryOf(params: Record<string, unknown>): FirmwareDelivery | undefined {
  const { version, url, sha256, deviceType } = params;
  if (typeof url !== 'string' || typeof sha256 !== 'string' || typeof version !== 'string') return undefined;
  return { version, url, sha256, ...(typeof deviceType === 'string' ? { deviceType } : {}) };
}

/** When a presigned link stops working (epoch ms), from its signature's date and validity. */
function linkExpiry(url: string): number | undefined {
  const q = new URL(url).searchParams;
  const date = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(q.get('X-Amz-Date') ?? '');
  const expires = Number(q.get('X-Amz-Expires'));
  if (!date || !Number.isFinite(expires)) return undefined;
  const [, y, mo, d, h, mi, s] = date.map(Number) as number[];
  return Date.UTC(y!, mo! - 1, d!, h!, mi!, s!) + expires * 1000;
}

/** Downloads and checks the firmware; the reason it cannot be installed, or undefined when it can. */
export async function fetchFirmware(serial: string, delivery: FirmwareDelivery, failFirmware = false, now = Date.now()): Promise<string | undefined> {
  if (delivery.deviceType && delivery.deviceType !== serial.split('-')[0]) return `wrong device type: firmware for ${delivery.deviceType}`;
  const expiry = linkExpiry(delivery.url);
  if (expiry !== undefined && now >= expiry) return 'download link expired';
  const response = await fetch(delivery.url);
  if (response.status === 403) return 'download link expired';
  if (!response.ok || !response.body) return `download failed: ${response.status}`;
  const hash = createHash('sha256');
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) hash.update(chunk);
  if (hash.digest('hex') !== delivery.sha256.toLowerCase()) return 'checksum mismatch';
  if (failFirmware) return 'installation failed: the new firmware did not start';
  return undefined;
}
