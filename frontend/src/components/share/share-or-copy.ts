/**
 * The share fallback chain of spec 01 §7: the native share sheet first; when it is missing or fails, copy the
 * link with the Clipboard API; when that is missing or refused, the legacy `execCommand('copy')`.
 */
import type { ShareContent } from './share-targets.ts';

export type ShareOutcome = 'shared' | 'cancelled' | 'copied' | 'failed';

/** The browser surface the chain uses; injected so each step can be tested alone. */
export interface ShareEnvironment {
  share?: (data: ShareData) => Promise<void>;
  writeClipboard?: (text: string) => Promise<void>;
  legacyCopy: (text: string) => boolean;
}

function isUserCancel(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

export async function shareOrCopy(content: ShareContent, env: ShareEnvironment): Promise<ShareOutcome> {
  if (env.share) {
    try {
      await env.share({ url: content.url, title: content.title, text: content.text });
      return 'shared';
    } catch (error) {
      // Closing the share sheet is a choice, not a failure: copying behind the visitor's back would surprise.
      if (isUserCancel(error)) return 'cancelled';
    }
  }
  if (env.writeClipboard) {
    try {
      await env.writeClipboard(content.url);
      return 'copied';
    } catch {
      // Permission refused or insecure context: the legacy path below still works in most browsers.
    }
  }
  return env.legacyCopy(content.url) ? 'copied' : 'failed';
}

/** Copies through a throwaway off-screen text area, for browsers without the Clipboard API. */
export function legacyCopy(text: string, doc: Document = document): boolean {
  const area = doc.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.top = '-1000px';
  doc.body.appendChild(area);
  area.select();
  try {
    return doc.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/** The real browser environment, read at call time so tests and late polyfills are honoured. */
export function browserShareEnvironment(): ShareEnvironment {
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  return {
    share: typeof nav?.share === 'function' ? (data) => nav.share(data) : undefined,
    writeClipboard:
      typeof nav?.clipboard?.writeText === 'function' ? (text) => nav.clipboard.writeText(text) : undefined,
    legacyCopy: (text) => legacyCopy(text),
  };
}
