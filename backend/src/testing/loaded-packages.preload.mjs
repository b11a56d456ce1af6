// Preload (`node --import <this file> ...`) that prints, as the process exits, the npm packages it loaded
// through the CommonJS loader (every driver the engines use is CommonJS): `loaded packages: [...]` on stderr.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
process.on('exit', () => {
  const packages = new Set();
  for (const file of Object.keys(require.cache)) {
    const match = /.*node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file.replaceAll('\\', '/'));
    if (match) packages.add(match[1]);
  }
  process.stderr.write(`loaded packages: ${JSON.stringify([...packages].sort())}\n`);
});
