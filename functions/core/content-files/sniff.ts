/**
 * What a file is, read from its own bytes (never from its name or declared type): PNG, JPEG or PDF, and an image's
 * size in pixels from its header (PNG IHDR; JPEG's first start-of-frame marker). No image library.
 */
import type { ContentFileType } from '#schemas/content-file';

export interface Sniffed {
  type: ContentFileType;
  width: number | null;
  height: number | null;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const startsWith = (b: Uint8Array, prefix: readonly number[]) => b.length >= prefix.length && prefix.every((v, i) => b[i] === v);
const u16 = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
const u32 = (b: Uint8Array, at: number) => ((b[at]! << 24) >>> 0) + (b[at + 1]! << 16) + (b[at + 2]! << 8) + b[at + 3]!;

/** PNG: the signature, then IHDR as the first chunk (length 13), width and height big-endian. */
function png(b: Uint8Array): Sniffed | undefined {
  if (!startsWith(b, PNG_SIGNATURE) || b.length < 24) return undefined;
  if (u32(b, 8) !== 13 || String.fromCharCode(...b.subarray(12, 16)) !== 'IHDR') return undefined;
  const width = u32(b, 16);
  const height = u32(b, 20);
  return width > 0 && height > 0 ? { type: 'image/png', width, height } : undefined;
}

/** Start-of-frame markers that carry the frame's size (baseline, progressive, lossless…; not DHT C4, JPG C8, DAC CC). */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

/** JPEG: SOI, then marker segments up to the first start of frame (height, then width). */
function jpeg(b: Uint8Array): Sniffed | undefined {
  if (!startsWith(b, [0xff, 0xd8, 0xff])) return undefined;
  let at = 2;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return undefined;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    // Markers without a length: TEM, RSTn; SOS or EOI before a frame: no size.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xda || marker === 0xd9) return undefined;
    const length = u16(b, at + 2);
    if (length < 2) return undefined;
    if (SOF.has(marker)) {
      if (at + 9 > b.length) return undefined;
      const height = u16(b, at + 5);
      const width = u16(b, at + 7);
      return width > 0 && height > 0 ? { type: 'image/jpeg', width, height } : undefined;
    }
    at += 2 + length;
  }
  return undefined;
}

/** PDF: `%PDF-` in the first 1024 bytes (as readers accept it), and an `%%EOF` near the end. */
function pdf(b: Uint8Array): Sniffed | undefined {
  const head = Buffer.from(b.subarray(0, 1024)).toString('latin1');
  if (!/%PDF-\d\.\d/.test(head)) return undefined;
  const tail = Buffer.from(b.subarray(Math.max(0, b.length - 2048))).toString('latin1');
  return tail.includes('%%EOF') ? { type: 'application/pdf', width: null, height: null } : undefined;
}

/** The file's type and, for an image, its size; undefined when it is none of the types known here. */
export function sniff(bytes: Uint8Array): Sniffed | undefined {
  return png(bytes) ?? jpeg(bytes) ?? pdf(bytes);
}
