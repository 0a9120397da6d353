import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The server's first paint (src/first-paint/, decision 0058) built for Node: one self-contained module in
 * `dist-server/`, outside `dist/` so that it is neither served nor precached by the service worker.
 */
export default defineConfig({
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  publicDir: false,
  // Everything bundled: the API process loads it without the web app's packages (`npm ci --omit=dev` keeps
  // them anyway, but the module must not depend on how node_modules is laid out).
  ssr: { noExternal: true },
  build: {
    ssr: 'src/first-paint/render-first-paint.tsx',
    outDir: 'dist-server',
    emptyOutDir: true,
    target: 'node20',
    rolldownOptions: {
      treeshake: { manualPureFunctions: ['z'] },
      output: { entryFileNames: 'first-paint.js' },
    },
  },
});
