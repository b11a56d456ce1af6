/**
 * The compressed bytes of the last large answers, kept by their exact text. Compression is the largest part of
 * a list page's work in the request's thread, and the same page is asked for again and again (the home page's
 * first page, a common keyword, a map page) while nothing is written: the text is then the same, and so are its
 * compressed bytes, so they are reused instead of compressed again. Kept by the whole text, an entry can never
 * be stale: a changed answer is another key, and the least recently used entries leave.
 *
 * An answer is kept only when its URL was asked for recently already: answers that are not asked for twice
 * (a visitor's own position, a rare keyword) would otherwise push the common ones out, and each kept text lives
 * on in the old generation of the heap until it leaves.
 *
 * A lookup stays cheap for any text: V8 hashes a long string by its length alone, so finding the entry costs
 * comparing the text with the few kept texts of the same length, which differ from another answer within its
 * first item.
 */
export interface KeptCompressions {
  get(encoding: string, text: string): Buffer | undefined;
  /** Keeps the bytes when the answer's URL was asked for recently already. */
  keep(encoding: string, text: string, compressed: Buffer, url: string): void;
}

interface Kept {
  encoding: string;
  compressed: Buffer;
}

/** How many recent URLs are remembered for each answer kept. */
const URLS_PER_ENTRY = 8;

export function keptCompressions({ entries, textChars }: { entries: number; textChars: number }): KeptCompressions {
  const askedBefore = recentlyAsked(entries * URLS_PER_ENTRY);
  // Insertion order is use order: a hit moves to the end, so the first entry is the least recently used.
  // One encoding a text: clients of one site nearly all take the same.
  const kept = new Map<string, Kept>();
  let keptChars = 0;

  const drop = (text: string) => {
    if (kept.delete(text)) keptChars -= text.length;
  };

  return {
    get(encoding, text) {
      const entry = kept.get(text);
      if (entry?.encoding !== encoding) return undefined;
      kept.delete(text);
      kept.set(text, entry);
      return entry.compressed;
    },
    keep(encoding, text, compressed, url) {
      if (!askedBefore(url) || text.length > textChars) return;
      drop(text);
      for (const oldest of kept.keys()) {
        if (kept.size < entries && keptChars + text.length <= textChars) break;
        drop(oldest);
      }
      kept.set(text, { encoding, compressed });
      keptChars += text.length;
    },
  };
}

/** Whether a URL is among the last ones asked for; it is then remembered as the latest. */
function recentlyAsked(size: number): (url: string) => boolean {
  const recent = new Set<string>();
  return (url) => {
    const seen = recent.delete(url);
    recent.add(url);
    if (recent.size > size) recent.delete(recent.values().next().value as string);
    return seen;
  };
}
