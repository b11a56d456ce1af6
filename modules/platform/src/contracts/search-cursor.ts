/** The opaque paging cursor as the wire carries it (`pagination.next_cursor`, the `cursor` query parameter). */

/** Longest cursor accepted: a few sort values, one of which may be a long name. */
export const MAX_CURSOR_LENGTH = 2048;
