import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@cc/contracts': fileURLToPath(new URL('../contracts/src/index.ts', import.meta.url)),
      // node-polyglot's polyfill for Object.entries becomes the browser's own (src/vendor/objectEntries.cjs).
      'object.entries': fileURLToPath(new URL('./src/vendor/objectEntries.cjs', import.meta.url)),
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://localhost:${process.env.PORT ?? 3000}`, changeOrigin: false } },
  },
  build: { outDir: 'dist', sourcemap: true, manifest: true, chunkSizeWarningLimit: 2000 },
});
