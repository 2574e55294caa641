import * as z from 'zod/mini';

/**
 * Query-string values as the request needs them: the wire form (what the OpenAPI document shows and the
 * console sends) decoded here, so that core takes booleans and arrays. A malformed value is a 400 naming its field.
 */

/** `true` or `false` on the wire; a boolean in the request. */
export const queryFlag = z.codec(z.enum(['true', 'false']), z.boolean(), {
  decode: (s) => s === 'true',
  encode: (b) => (b ? 'true' : 'false'),
});

/**
 * Comma-joined items on the wire (`a,b,c`), each matching `item` (the source of an anchored regex of one
 * item), at most `max` of them; the distinct items, in order, in the request.
 */
export function commaList(item: RegExp, max: number, message: string) {
  const one = item.source.replace(/^\^/, '').replace(/\$$/, '');
  return z.codec(z.string().check(z.regex(new RegExp(`^${one}(,${one}){0,${max - 1}}$`), message)), z.array(z.string()), {
    decode: (s) => [...new Set(s.split(','))],
    encode: (items) => items.join(','),
  });
}
