/**
 * A durable map of entries by id, kept as an append-only file of JSON lines (`put`, `set`, `del`) and
 * written with group commit: every line waiting while one write + fdatasync runs goes out in the next, and
 * `put` resolves once the fdatasync covering it returned (so many puts share one fsync). `set` and `del`
 * ride along without being waited for (losing one on a crash only means a message comes again, which
 * ingestion ignores by its messageId). Opening replays the file (a torn last line from a crash is skipped)
 * and rewrites it with the live entries only; later the file is rewritten the same way whenever deleted
 * entries make up most of it.
 */
import { closeSync, fsyncSync, openSync } from 'node:fs';
import { open, readFile, rename, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';

type Line<T> = { op: 'put'; entry: T } | { op: 'set'; id: string; fields: Partial<T> } | { op: 'del'; id: string };

/** Rewrite once the file is past this size and mostly deleted entries. */
const COMPACT_MIN_BYTES = 4 * 1024 * 1024;

export class Journal<T extends { id: string }> {
  readonly #path: string;
  #file: FileHandle;
  readonly #live = new Map<string, { entry: T; bytes: number }>();
  #liveBytes = 0;
  #fileBytes = 0;
  #pending: string[] = [];
  #waiters: Array<{ resolve: () => void; reject: (error: unknown) => void }> = [];
  #writing: Promise<void> | undefined;
  #closed = false;

  private constructor(path: string, file: FileHandle) {
    this.#path = path;
    this.#file = file;
  }

  static async open<T extends { id: string }>(path: string): Promise<Journal<T>> {
    const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return '';
      throw error;
    });
    const journal = new Journal<T>(path, await open(path, 'a'));
    for (const raw of text.split('\n')) {
      if (!raw) continue;
      let line: Line<T>;
      try {
        line = JSON.parse(raw) as Line<T>;
      } catch {
        continue; // the torn tail of a write a crash interrupted: it was never acknowledged
      }
      journal.#apply(line, raw.length + 1);
    }
    await journal.#compact();
    return journal;
  }

  get size(): number {
    return this.#live.size;
  }

  entries(): T[] {
    return [...this.#live.values()].map((l) => l.entry);
  }

  get(id: string): T | undefined {
    return this.#live.get(id)?.entry;
  }

  /** Stores the entries; resolves once they are on disk. */
  put(entries: readonly T[]): Promise<void> {
    if (this.#closed) return Promise.reject(new Error('journal closed'));
    if (entries.length === 0) return Promise.resolve();
    const done = new Promise<void>((resolve, reject) => this.#waiters.push({ resolve, reject }));
    for (const entry of entries) this.#append({ op: 'put', entry });
    this.#kick();
    return done;
  }

  /** Changes fields of a live entry (written with the next group, not waited for). */
  set(id: string, fields: Partial<T>): void {
    if (this.#closed || !this.#live.has(id)) return;
    this.#append({ op: 'set', id, fields });
    this.#kick();
  }

  /** Forgets entries (written with the next group, not waited for). */
  delete(ids: readonly string[]): void {
    if (this.#closed) return;
    let any = false;
    for (const id of ids) {
      if (!this.#live.has(id)) continue;
      this.#append({ op: 'del', id });
      any = true;
    }
    if (any) this.#kick();
  }

  /** Waits until everything appended so far is on disk. */
  async flush(): Promise<void> {
    while (this.#writing || this.#pending.length) {
      this.#kick();
      await this.#writing;
    }
  }

  async close(): Promise<void> {
    await this.flush();
    this.#closed = true;
    await this.#file.close();
  }

  #append(line: Line<T>): void {
    const text = JSON.stringify(line);
    this.#apply(line, text.length + 1);
    this.#pending.push(text);
  }

  #apply(line: Line<T>, bytes: number): void {
    this.#fileBytes += bytes;
    const known = line.op === 'put' ? this.#live.get(line.entry.id) : this.#live.get(line.id);
    if (line.op === 'put') {
      if (known) this.#liveBytes -= known.bytes;
      this.#live.set(line.entry.id, { entry: line.entry, bytes });
      this.#liveBytes += bytes;
    } else if (known && line.op === 'set') {
      known.entry = { ...known.entry, ...line.fields };
    } else if (known) {
      this.#live.delete(line.id);
      this.#liveBytes -= known.bytes;
    }
  }

  #kick(): void {
    if (!this.#writing && this.#pending.length) this.#writing = this.#writeGroups();
  }

  /** Writes groups while lines wait; `#writing` is cleared in the same step that finds none left (never a line stranded). */
  async #writeGroups(): Promise<void> {
    try {
      while (this.#pending.length) {
        const lines = this.#pending;
        const waiters = this.#waiters;
        this.#pending = [];
        this.#waiters = [];
        try {
          await this.#file.write(lines.join('\n') + '\n');
          await this.#file.datasync();
          for (const w of waiters) w.resolve();
        } catch (error) {
          for (const w of waiters) w.reject(error);
        }
        // A failed rewrite leaves the current file as it was: appends go on there.
        if (this.#fileBytes > COMPACT_MIN_BYTES && this.#liveBytes * 2 < this.#fileBytes) await this.#compact().catch(() => undefined);
      }
    } finally {
      this.#writing = undefined;
    }
  }

  /** Rewrites the file with the live entries only (a new file renamed over the old one, then synced). */
  async #compact(): Promise<void> {
    const tmp = `${this.#path}.tmp`;
    const out = await open(tmp, 'w');
    let bytes = 0;
    try {
      const chunk: string[] = [];
      for (const { entry } of this.#live.values()) {
        const text = JSON.stringify({ op: 'put', entry } satisfies Line<T>);
        bytes += text.length + 1;
        chunk.push(text);
        if (chunk.length >= 1000) await out.write(chunk.splice(0).join('\n') + '\n');
      }
      if (chunk.length) await out.write(chunk.join('\n') + '\n');
      await out.datasync();
    } finally {
      await out.close();
    }
    await this.#file.close();
    await rename(tmp, this.#path);
    const dir = openSync(dirname(this.#path), 'r');
    try {
      fsyncSync(dir);
    } finally {
      closeSync(dir);
    }
    this.#file = await open(this.#path, 'a');
    this.#fileBytes = bytes;
    this.#liveBytes = bytes;
  }
}
