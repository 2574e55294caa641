/**
 * The media list a simulated machine holds (checks keys offline): the parts the cloud publishes on
 * `vend/{serial}/medias` (core/medias/media-list.ts), adopted once every part of a version arrived. Its version goes
 * back in every ping (`mediaListVersion`), which tells the cloud the machine has it.
 */
type Entry = { mediaId: string; status: number; cloudCredit: number };
type Part = { payload: { version: number; part: number; parts: number; entries: Entry[] } };

export class SimulatedMediaList {
  version = 0;
  entries: Entry[] = [];
  private readonly pending = new Map<number, Map<number, Entry[]>>();

  /** A part from the cloud; an older version than the one held is ignored. */
  receive(message: Part): void {
    const { version, part, parts, entries } = message.payload;
    if (version <= this.version) return;
    const got = this.pending.get(version) ?? new Map<number, Entry[]>();
    got.set(part, entries);
    this.pending.set(version, got);
    if (got.size < parts) return;
    this.entries = [...got.keys()].sort((a, b) => a - b).flatMap((p) => got.get(p)!);
    this.version = version;
    for (const v of this.pending.keys()) if (v <= version) this.pending.delete(v);
  }

  /** Whether the machine refuses this key (blocked or lost). */
  refuses(mediaId: string): boolean {
    return this.entries.some((e) => e.mediaId === mediaId && e.status !== 0);
  }
}
