import { MEDIA_SERIAL_PATTERN } from '#schemas/media-constants';

/**
 * Serials as pasted (one a line, or separated by commas, semicolons or spaces), upper-cased; those that are
 * not a printed serial (8–20 hex digits) are told apart so the user fixes them before asking the API.
 */
export function parseMediaSerials(text: string): { serials: string[]; malformed: string[] } {
  const tokens = text
    .split(/[\s,;]+/)
    .map((t) => t.trim().toUpperCase())
    .filter((t) => t !== '');
  return { serials: tokens.filter((t) => MEDIA_SERIAL_PATTERN.test(t)), malformed: tokens.filter((t) => !MEDIA_SERIAL_PATTERN.test(t)) };
}
