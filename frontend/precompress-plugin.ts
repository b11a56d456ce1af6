/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy next to every text asset of the build. The server serves the
 * client with koa-send, which picks such a sibling when the browser accepts it, so the 390 KB vendor script
 * travels as about 110 KB without compressing on every request. Fonts (woff2) and images are compressed already.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const TEXT_ASSET = /\.(js|mjs|css|svg|json|txt|xml|webmanifest)$/;
const MIN_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'evently-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      await Promise.all(
        Object.keys(bundle)
          .filter((file) => TEXT_ASSET.test(file))
          .map(async (file) => {
            const full = path.join(outDir, file);
            const source = await readFile(full);
            if (source.length < MIN_BYTES) return;
            const [br, gzipped] = await Promise.all([
              brotli(source, {
                params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
              }),
              gz(source, { level: 9 }),
            ]);
            await Promise.all([writeFile(`${full}.br`, br), writeFile(`${full}.gz`, gzipped)]);
          }),
      );
    },
  };
}
