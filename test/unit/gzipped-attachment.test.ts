import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gzippedAttachment } from '../../functions/http/gzipped-attachment';

async function* pieces(n: number, rowsPerPiece = 1_000) {
  yield 'id,value\n';
  for (let p = 0; p < n; p++) yield Array.from({ length: rowsPerPiece }, (_, i) => `${p * rowsPerPiece + i},${(i * 37) % 1000}\n`).join('');
}

describe('gzippedAttachment', () => {
  it('answers the whole text gzipped and base64-encoded, as a download', async () => {
    const result = await gzippedAttachment('t.csv', pieces(100), () => new Error('too large'));
    expect(result).toMatchObject({
      raw: true,
      isBase64Encoded: true,
      headers: { 'content-encoding': 'gzip', 'content-disposition': 'attachment; filename="t.csv"' },
    });
    const text = gunzipSync(Buffer.from(result.body, 'base64')).toString('utf8');
    const lines = text.trimEnd().split('\n');
    expect(lines).toHaveLength(100_001);
    expect(lines[0]).toBe('id,value');
    expect(lines[100_000]).toBe(`99999,${(999 * 37) % 1000}`);
  });

  it('refuses a text whose compressed size passes the limit, and stops reading it', async () => {
    let read = 0;
    async function* endless() {
      for (;;) {
        read++;
        yield `${Math.random().toString(36)}${Math.random().toString(36)}\n`.repeat(100);
      }
    }
    await expect(gzippedAttachment('t.csv', endless(), () => new Error('too large'), { maxBytes: 64 * 1024 })).rejects.toThrow('too large');
    expect(read).toBeLessThan(10_000);
  });
});
