import type * as z from 'zod/mini';
import { PosNote, type PosNoteInput } from '#schemas/pos';
import { apiRequest } from '../../../lib/api';
import { notesPath, revalidateNotePages } from './get-note-page';

/** POST /pos/{serial}/notes → 201 with the note (its author and date are the server's). */
export async function createNote(serial: string, input: z.output<typeof PosNoteInput>): Promise<PosNote> {
  const note = await apiRequest(notesPath(serial), { method: 'POST', body: input, schema: PosNote });
  void revalidateNotePages();
  return note;
}
