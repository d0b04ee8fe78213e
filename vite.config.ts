import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
      '@': fileURLToPath(new URL('./src/web', import.meta.url)),
    },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    // scripts/check-bundle-budget.ts reads it to find the home page's chunks.
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // A feature's index.ts only re-exports (decision 036). Free of side effects, an import through
        // it loads the module that holds the name, not every module the index lists: without this,
        // the shop's orders page loaded the whole wallet feature (+44 KB gzip).
        moduleSideEffects: (id) => (/\/src\/web\/features\/[^/]+\/index\.ts$/.test(id) ? false : undefined),
      },
    },
  },
});
