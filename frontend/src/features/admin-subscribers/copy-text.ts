import { legacyCopy } from '../../components/share/share-or-copy.ts';

export interface CopyEnvironment {
  writeClipboard?: (text: string) => Promise<void>;
  legacyCopy: (text: string) => boolean;
}

export function browserCopyEnvironment(): CopyEnvironment {
  const clipboard = globalThis.navigator?.clipboard;
  return {
    writeClipboard: clipboard?.writeText ? (text) => clipboard.writeText(text) : undefined,
    legacyCopy: (text) => legacyCopy(text),
  };
}

/** The Clipboard API, then the legacy copy; false when neither worked (the caller shows the fallback alert). */
export async function copyText(text: string, env: CopyEnvironment = browserCopyEnvironment()): Promise<boolean> {
  if (env.writeClipboard) {
    try {
      await env.writeClipboard(text);
      return true;
    } catch {
      // Refused or insecure context: try the legacy path.
    }
  }
  return env.legacyCopy(text);
}
