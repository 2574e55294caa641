import * as z from 'zod/mini';

/** A version as commands 14, 16, 17 and 18 carry it to a machine (apart so that release schemas bundle none of the commands'). */
export const CommandVersion = z.string().check(z.regex(/^[0-9A-Za-z][0-9A-Za-z.+_-]{0,31}$/, 'version: 1–32 of 0-9 A-Z a-z . + _ -'));
