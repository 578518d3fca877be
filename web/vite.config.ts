import { defineConfig } from 'vite';

export default defineConfig({
  // index.html is served at /, every other file at /web/<name>.
  base: '/web/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // One flat folder of content-hashed files next to index.html.
    assetsDir: '',
    // Never inline an asset as a data: URL (the CSP allows none).
    assetsInlineLimit: 0,
    sourcemap: false,
    reportCompressedSize: false,
    modulePreload: { polyfill: false },
  },
});
