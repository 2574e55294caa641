/**
 * What a file is, from its own bytes (PNG and JPEG headers with their pixels, PDF), and the local sealing of the
 * storage configs' passwords.
 */
import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { localSecretBox } from '../../functions/adapters/crypto/local-secret-box';
import { sniff } from '../../functions/core/content-files/sniff';
import { pdfDocument, pngImage } from '../../infra/local/demo-images';

/** A JPEG's first segments: SOI, an APP1 (EXIF-like) segment of `appBytes`, then a baseline or progressive frame header. */
function jpegHeader(width: number, height: number, opts: { appBytes?: number; marker?: number } = {}): Buffer {
  const app = Buffer.alloc(4 + (opts.appBytes ?? 16));
  app.writeUInt16BE(0xffe1, 0);
  app.writeUInt16BE(app.length - 2, 2);
  const sof = Buffer.from([0xff, opts.marker ?? 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app, sof, Buffer.alloc(16)]);
}

describe('sniff', () => {
  it('reads a PNG’s size from its IHDR and a JPEG’s from its start of frame, past a long APP segment', () => {
    expect(sniff(pngImage(500, 200, '#102030'))).toEqual({ type: 'image/png', width: 500, height: 200 });
    expect(sniff(jpegHeader(640, 480))).toEqual({ type: 'image/jpeg', width: 640, height: 480 });
    expect(sniff(jpegHeader(501, 199, { appBytes: 60_000, marker: 0xc2 }))).toEqual({ type: 'image/jpeg', width: 501, height: 199 });
  });

  it('knows a PDF by its header and its end, and nothing else by a name', () => {
    expect(sniff(pdfDocument('x'))).toEqual({ type: 'application/pdf', width: null, height: null });
    expect(sniff(Buffer.from('%PDF-1.4 but never ended'))).toBeUndefined();
    expect(sniff(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(sniff(pngImage(10, 10, '#000000').subarray(0, 20))).toBeUndefined();
    // A JPEG whose scan starts before any frame header: no size, so no image.
    expect(sniff(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x08]))).toBeUndefined();
  });
});

describe('localSecretBox', () => {
  it('opens what it sealed for the same context only, and never stores the plaintext', async () => {
    const box = localSecretBox(randomBytes(32));
    const sealed = await box.seal('s3cret-password', { purpose: 'storage-config', merchantId: 'm1' });
    expect(sealed).not.toContain('s3cret');
    expect(await box.seal('s3cret-password', { purpose: 'storage-config', merchantId: 'm1' })).not.toBe(sealed);
    expect(await box.open(sealed, { merchantId: 'm1', purpose: 'storage-config' })).toBe('s3cret-password');
    await expect(box.open(sealed, { purpose: 'storage-config', merchantId: 'm2' })).rejects.toThrow();
    await expect(localSecretBox(randomBytes(32)).open(sealed, { purpose: 'storage-config', merchantId: 'm1' })).rejects.toThrow();
  });
});
