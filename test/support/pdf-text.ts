/**
 * Reads back the text of a PDF that pdfkit wrote with an embedded (Identity-H) font: inflates its streams, maps glyph
 * ids to characters with each font's ToUnicode CMap, and decodes the strings of the text operators page by page.
 * Enough for our own files in tests (no general PDF parser).
 */
import { inflateSync } from 'node:zlib';

interface PdfObject {
  dict: string;
  stream?: Buffer;
}

function objectsOf(pdf: Buffer): Map<number, PdfObject> {
  const text = pdf.toString('latin1');
  const out = new Map<number, PdfObject>();
  const re = /(\d+) 0 obj\s*([\s\S]*?)endobj/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const body = m[2]!;
    const at = body.indexOf('stream');
    if (at < 0) {
      out.set(Number(m[1]), { dict: body });
      continue;
    }
    const dict = body.slice(0, at);
    let start = m.index + m[0].indexOf(body) + at + 'stream'.length;
    if (text[start] === '\r') start++;
    if (text[start] === '\n') start++;
    const end = text.indexOf('endstream', start);
    let raw = pdf.subarray(start, end);
    if (/\/FlateDecode/.test(dict)) raw = inflateSync(raw);
    out.set(Number(m[1]), { dict, stream: raw });
  }
  return out;
}

function cmapOf(source: string): Map<number, string> {
  const map = new Map<number, string>();
  const hex = (h: string) => String.fromCodePoint(...(h.match(/.{4}/g) ?? []).map((x) => parseInt(x, 16)));
  for (const block of source.match(/beginbfchar([\s\S]*?)endbfchar/g) ?? [])
    for (const [, from, to] of block.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) map.set(parseInt(from!, 16), hex(to!));
  for (const block of source.match(/beginbfrange([\s\S]*?)endbfrange/g) ?? []) {
    for (const [, lo, hi, rest] of block.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g)) {
      const a = parseInt(lo!, 16);
      const b = parseInt(hi!, 16);
      if (rest!.startsWith('[')) [...rest!.matchAll(/<([0-9a-fA-F]+)>/g)].forEach(([, h], i) => map.set(a + i, hex(h!)));
      else {
        const base = parseInt(rest!.slice(1, -1), 16);
        for (let c = a; c <= b; c++) map.set(c, String.fromCodePoint(base + c - a));
      }
    }
  }
  return map;
}

/** Each page's text, lines in the order they were drawn (one text operator a line). */
export function pdfPages(pdf: Buffer): string[][] {
  const objects = objectsOf(pdf);
  const ref = (dict: string, key: string) => Number(new RegExp(`/${key} (\\d+) 0 R`).exec(dict)?.[1]);
  // Fonts by resource name: /F1 → its ToUnicode map.
  const fonts = new Map<string, Map<number, string>>();
  for (const o of objects.values()) {
    for (const [, name, id] of o.dict.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      const font = objects.get(Number(id));
      const toUnicode = font && ref(font.dict, 'ToUnicode');
      const cmap = toUnicode ? objects.get(toUnicode)?.stream : undefined;
      if (cmap && !fonts.has(name!)) fonts.set(name!, cmapOf(cmap.toString('latin1')));
    }
  }
  const pages = [...objects.values()].filter((o) => /\/Type\s*\/Page\b/.test(o.dict));
  return pages.map((page) => {
    const content = objects.get(ref(page.dict, 'Contents'))?.stream?.toString('latin1') ?? '';
    const lines: string[] = [];
    let font = new Map<number, string>();
    for (const [, name, arr, single] of content.matchAll(/\/(F\d+) [\d.]+ Tf|(\[[^\]]*\])\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      if (name) {
        font = fonts.get(name) ?? new Map();
        continue;
      }
      const hexes = arr ? [...arr.matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]!) : [single!];
      lines.push(hexes.map((h) => (h.match(/.{4}/g) ?? []).map((g) => font.get(parseInt(g, 16)) ?? '\uFFFD').join('')).join(''));
    }
    return lines;
  });
}
