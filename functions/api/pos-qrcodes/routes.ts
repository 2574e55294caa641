import * as z from 'zod/mini';
import { PosParams, PosQrCode } from '#schemas/pos';
import { ALL_ROLES } from '#schemas/roles';
import { posQrUrl } from '../../core/devices/use-cases';
import { qrSvg } from '../../adapters/qr/qr-svg';
import { attachment, routeFor } from '../../http/manifest';
import type { PosQrcodesGroupDeps } from './deps';

const route = routeFor<PosQrcodesGroupDeps>();

/** The console's origin: CONSOLE_URL when set (AWS: the CloudFront domain), else the host the request came to. */
function consoleUrl(config: { consoleUrl?: string }, headers: Record<string, string | undefined>): string {
  if (config.consoleUrl) return config.consoleUrl;
  const host = headers['x-forwarded-host'] ?? headers.host ?? 'localhost';
  const proto = headers['x-forwarded-proto'] ?? (/^(127\.0\.0\.1|localhost)(:\d+)?$/.test(host) ? 'http' : 'https');
  return `${proto}://${host}`;
}

/** A machine's QR code: the console link it carries, as an image and as a download (their own function: the QR encoder is only here). */
export const routes = [
  route({
    id: 'posQrcodes.get',
    method: 'GET',
    path: '/pos/{id}/qrcode',
    roles: ALL_ROLES,
    summary: 'The console link of the machine that its QR code carries',
    request: { params: PosParams },
    response: PosQrCode,
    handler: ({ deps, principal, params, headers }) => posQrUrl(deps, principal, params.id, consoleUrl(deps.config, headers)),
  }),
  route({
    id: 'posQrcodes.image',
    method: 'GET',
    path: '/pos/{id}/qrcode/image',
    roles: ALL_ROLES,
    summary: 'The machine’s QR code as an SVG image',
    request: { params: PosParams },
    response: z.string(),
    produces: 'image/svg+xml',
    inline: true,
    handler: async ({ deps, principal, params, headers }) => ({
      raw: true as const,
      headers: { 'content-type': 'image/svg+xml; charset=utf-8', 'cache-control': 'private, max-age=300' },
      body: qrSvg((await posQrUrl(deps, principal, params.id, consoleUrl(deps.config, headers))).url),
    }),
  }),
  route({
    id: 'posQrcodes.download',
    method: 'GET',
    path: '/pos/{id}/qrcode/download',
    roles: ALL_ROLES,
    summary: 'The machine’s QR code as an SVG file download',
    request: { params: PosParams },
    response: z.string(),
    produces: 'image/svg+xml',
    handler: async ({ deps, principal, params, headers }) =>
      attachment(`qrcode-${params.id}.svg`, qrSvg((await posQrUrl(deps, principal, params.id, consoleUrl(deps.config, headers))).url, 1024), 'image/svg+xml'),
  }),
];
