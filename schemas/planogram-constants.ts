/* Zod-free limits of a planogram's lines, which planogram.ts re-exports: the price and command schemas check a selection with them. */

export const MAX_LINE_CAPACITY = 999;
/** The selection code as the machine reports it in EVA-DTS PA101. */
export const SELECTION_PATTERN = /^[A-Za-z0-9]{1,8}$/;
