import { appendFileSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Journal } from '../../infra/local/emulators/journal';

interface Entry {
  id: string;
  body: string;
  receives: number;
}

const dir = mkdtempSync(join(tmpdir(), 'vfc-journal-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('Journal (the rule queues’ durable store)', () => {
  it('keeps what was put, minus what was deleted, with changed fields, across a reopen; a torn last line is skipped', async () => {
    const path = join(dir, 'a.jsonl');
    const journal = await Journal.open<Entry>(path);
    await Promise.all(Array.from({ length: 200 }, (_, i) => journal.put([{ id: `e${i}`, body: 'x', receives: 0 }])));
    journal.delete(Array.from({ length: 150 }, (_, i) => `e${i}`));
    journal.set('e199', { receives: 3 });
    await journal.close();
    appendFileSync(path, '{"op":"put","entry":{"id":"torn"');

    const again = await Journal.open<Entry>(path);
    expect(again.entries().map((e) => e.id)).toEqual(Array.from({ length: 50 }, (_, i) => `e${150 + i}`));
    expect(again.get('e199')).toEqual({ id: 'e199', body: 'x', receives: 3 });
    // Opening rewrote the file with the live entries only.
    expect(statSync(path).size).toBeLessThan(50 * 60);
    await again.close();
  });

  it('is rewritten once deleted entries make up most of it', async () => {
    const path = join(dir, 'b.jsonl');
    const journal = await Journal.open<Entry>(path);
    const body = 'y'.repeat(1000);
    for (let round = 0; round < 12; round++) {
      const ids = Array.from({ length: 1000 }, (_, i) => `r${round}-${i}`);
      await journal.put(ids.map((id) => ({ id, body, receives: 0 })));
      journal.delete(ids);
    }
    await journal.put([{ id: 'last', body, receives: 0 }]);
    await journal.flush();
    // 12 MB went through it; it is rewritten whenever it passes 4 MB with most of it deleted.
    expect(statSync(path).size).toBeLessThan(6 * 1024 * 1024);
    await journal.close();
    expect((await Journal.open<Entry>(path)).entries().map((e) => e.id)).toEqual(['last']);
  });
});
