/**
 * What a lazily loaded page of the client build needs besides the entry, read from Vite's build manifest
 * (`frontend/dist/.vite/manifest.json`, `build.manifest`): its stylesheets, which a server-rendered first paint
 * must link in the head or it would paint unstyled, and its scripts, which the head preloads.
 */
import { readFileSync, statSync } from 'node:fs';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

type Manifest = Record<string, ManifestChunk>;

export interface PageAssets {
  /** Root-relative URLs of stylesheets, in load order. */
  styles: string[];
  /** Root-relative URLs of the page's script and the chunks it imports. */
  scripts: string[];
}

const NO_ASSETS: PageAssets = { styles: [], scripts: [] };

/** The assets of some manifest keys, without what the entry's own `<link>` and `<script>` tags already load. */
export function pageAssets(manifest: Manifest, keys: readonly string[]): PageAssets {
  const loadedByEntry = new Set<string>();
  const collect = (key: string, into: Set<string>, seen: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const imported of chunk.imports ?? []) collect(imported, into, seen);
    into.add(key);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) collect(key, loadedByEntry, new Set());

  const needed = new Set<string>();
  const seen = new Set<string>();
  for (const key of keys) collect(key, needed, seen);
  const chunks = [...needed].filter((key) => !loadedByEntry.has(key)).map((key) => manifest[key] as ManifestChunk);
  return {
    styles: [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))].map((file) => `/${file}`),
    scripts: chunks.map((chunk) => `/${chunk.file}`),
  };
}

/** Reads the manifest again only when a new build replaced it; no manifest (an old build) means no assets. */
export function manifestReader(file: string): (keys: readonly string[]) => PageAssets {
  let cached: { mtimeMs: number; manifest: Manifest } | undefined;
  return (keys) => {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return NO_ASSETS;
    }
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, manifest: JSON.parse(readFileSync(file, 'utf8')) as Manifest };
    return pageAssets(cached.manifest, keys);
  };
}
