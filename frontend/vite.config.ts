import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './precompress-plugin.ts';
import { preloadFont } from './preload-font-plugin.ts';

// The API server (Koa) listens on 3000 in development; Vite proxies the calls the client makes so the
// browser sees one origin, exactly as in production where Koa serves the built files itself.
const apiTarget = process.env.EVENTLY_API_URL ?? 'http://localhost:3000';

// Leaflet and its React bindings are only needed once a map view opens. Grouping them into one named chunk
// keeps them out of the initial bundle (they are reached only through a dynamic import) and makes the
// benchmark able to report the map code's size on its own. Every other package goes to a 'vendor' chunk:
// without a home of their own, the bundler would move shared packages such as React into the map chunk and
// the entry would then load the map chunk eagerly.
const mapLibraries =
  /node_modules[\\/](leaflet|leaflet\.markercluster|react-leaflet|@react-leaflet[\\/]core|react-leaflet-cluster)[\\/]/;

// socket.io is only needed by the support page and the admin panel (both lazy routes); its own chunk keeps it
// out of the 'vendor' chunk every page loads.
const realtimeLibraries =
  /node_modules[\\/](socket\.io-client|socket\.io-parser|engine\.io-client|engine\.io-parser|@socket\.io[\\/]component-emitter)[\\/]/;

// The server's APP_NAME is the product name in titles unless a VITE_ variable overrides it.
if (process.env.APP_NAME && !process.env.VITE_APP_NAME) process.env.VITE_APP_NAME = process.env.APP_NAME;

/**
 * The server's first-paint renderer (src/entry-server.tsx, decision 025) is a second build: `vite build --ssr`
 * into dist-server/, with every package bundled in so the production image needs only that directory. Its
 * stylesheets are the client build's; it has no chunks of its own to group and nothing to precompress.
 */
const serverRendererBuild = defineConfig({
  plugins: [react()],
  ssr: { noExternal: true },
  // The bundled React is its production build whatever the serving process's NODE_ENV: the development build
  // checks every element and prop while drawing, which made a page's render several times dearer.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  // The public files are the client build's to serve.
  publicDir: false,
  build: {
    outDir: 'dist-server',
    sourcemap: false,
    // One file: the server imports it once, and lazy pages cannot end up with a second copy of React's contexts.
    rolldownOptions: { output: { inlineDynamicImports: true } },
  },
});

const clientBuild = defineConfig({
  plugins: [react(), preloadFont(), precompress()],
  server: {
    // The Host header stays the dev server's: the API accepts writes and socket handshakes from the origin the
    // request was sent to, which is the page's own here (backend origin-policy.ts).
    proxy: {
      '/api': { target: apiTarget },
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // Which stylesheets and modules a lazy page needs: the server names them in a server-rendered page's head.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Only the matched packages: pulling in their dependencies would move React into the map chunk.
          includeDependenciesRecursively: false,
          groups: [
            { name: 'map-vendor', test: mapLibraries, priority: 2 },
            { name: 'realtime-vendor', test: realtimeLibraries, priority: 2 },
            { name: 'vendor', test: /node_modules/, priority: 1 },
          ],
        },
      },
    },
  },
});

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? serverRendererBuild : clientBuild));
