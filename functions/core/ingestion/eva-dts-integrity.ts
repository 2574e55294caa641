/**
 * Whether an EVA-DTS audit arrived whole (EVA-DTS 6.2): the ST … SE transaction set is there, closed by G85
 * and SE (and DXE when it opened with DXS); G85 carries the CRC-16 of the bytes from the "S" of ST through the
 * CR LF before G85; SE01 counts the segments from ST through SE.
 */
import type { AuditIntegrity } from '#schemas/pos-history';

/** CRC-16 with generator x^16 + x^15 + x^2 + 1 (0x8005, bits reflected, initial value 0: "CRC-16/ARC"). */
export function evaDtsCrc(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  }
  return crc;
}

/** The G85 element of a text from ST through the line before G85: 4 hex digits, most significant byte first. */
export function g85Of(transactionSet: string): string {
  return evaDtsCrc(new TextEncoder().encode(transactionSet)).toString(16).toUpperCase().padStart(4, '0');
}

const byteReversed = (hex: string) => hex.slice(2) + hex.slice(0, 2);

/** Start offset of the line whose segment tag is `tag`, from `from` on; -1 when there is none. */
function lineStart(text: string, tag: string, from = 0): number {
  const re = new RegExp(`(^|\\r\\n|\\n|\\r)${tag}\\*`, 'g');
  re.lastIndex = from;
  const m = re.exec(text);
  return m ? m.index + m[1]!.length : -1;
}

function lineAt(text: string, start: number): string {
  return text
    .slice(start)
    .split(/\r\n|\n|\r/, 1)[0]!
    .trim();
}

export interface IntegrityCheck {
  integrity: AuditIntegrity;
  /** The G85 value matched only with its two bytes swapped (older controllers). */
  crcByteReversed: boolean;
}

export function checkIntegrity(text: string): IntegrityCheck {
  const cut = { integrity: 'cut', crcByteReversed: false } as const;
  const st = lineStart(text, 'ST');
  if (st < 0) return cut;
  const g85 = lineStart(text, 'G85', st);
  const se = g85 < 0 ? -1 : lineStart(text, 'SE', g85);
  if (se < 0 || (lineStart(text, 'DXS') >= 0 && lineStart(text, 'DXE', se) < 0)) return cut;

  const sent = (lineAt(text, g85).split('*')[1] ?? '').trim().toUpperCase();
  const covered = text.slice(st, g85);
  // The machine computed it over CR LF line ends; a gateway may have passed the text on with LF only.
  const computed = [covered, covered.replace(/\r?\n/g, '\r\n')].map(g85Of);
  const crcByteReversed = !computed.includes(sent) && computed.map(byteReversed).includes(sent);
  if (!computed.includes(sent) && !crcByteReversed) return { integrity: 'crc-mismatch', crcByteReversed };

  const counted =
    text
      .slice(st, se)
      .split(/\r\n|\n|\r/)
      .filter((l) => l.trim() !== '').length + 1;
  const declared = (lineAt(text, se).split('*')[1] ?? '').trim();
  if (!/^\d+$/.test(declared) || Number(declared) !== counted) return { integrity: 'segment-count-mismatch', crcByteReversed };
  return { integrity: 'whole', crcByteReversed };
}
