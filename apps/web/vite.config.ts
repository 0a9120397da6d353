import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { serviceWorker } from './pwa.config.ts';

const API_TARGET = 'http://127.0.0.1:3000';

const COMPRESSIBLE = /\.(?:js|css|html|json|svg|txt)$/;

/**
 * Writes `.br` and `.gz` beside every text file of the build (the public files too), compressed once at the
 * highest levels, for the API's static server to send (`preCompressed`): a phone on a slow network then
 * downloads a fifth of the bytes, and the server spends no CPU compressing per request.
 */
function precompress(): Plugin {
  let outDir = '';
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  return {
    name: 'lc-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    // After every other plugin's files are written (the service worker's sw.js and workbox-*.js too).
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const file of walk(outDir).filter((path) => COMPRESSIBLE.test(path))) {
          const content = readFileSync(file);
          // Tiny files gain nothing and cost a lookup.
          if (content.length < 1024) continue;
          const brotli = brotliCompressSync(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          });
          writeFileSync(`${file}.br`, brotli);
          writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        }
      },
    },
  };
}

/**
 * Preloads the default language's font files from `index.html`. Found by the page's CSS only after the start-up
 * script has rendered text, they arrived after the first paint and the swap from the fallback font moved the
 * landing page (Lighthouse CLS 0.03); asked for with the HTML, they are there before anything is drawn.
 */
function preloadFonts(names: string[]): Plugin {
  return {
    name: 'lc-preload-fonts',
    apply: 'build',
    transformIndexHtml(_html, context) {
      const files = Object.values(context.bundle ?? {}).filter(
        (output) => output.type === 'asset' && names.some((name) => output.names.includes(name)),
      );
      if (files.length !== names.length)
        throw new Error(`preloadFonts: expected ${names.join(', ')} in the build`);
      return files.map((file) => ({
        tag: 'link',
        attrs: { rel: 'preload', href: `/${file.fileName}`, as: 'font', type: 'font/woff2', crossorigin: '' },
        injectTo: 'head' as const,
      }));
    },
  };
}

/**
 * Fails the build when the entry `name` imports another chunk: start-up.js must stay a few hundred bytes that
 * load nothing, or a page the server painted would fetch and run the app before it is on screen.
 */
function standaloneEntry(name: string): Plugin {
  return {
    name: 'lc-standalone-entry',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk' || output.name !== name) continue;
        const imported = [...output.imports, ...output.dynamicImports];
        if (imported.length > 0)
          this.error(`${output.fileName} must import nothing, imports ${imported.join(', ')}`);
      }
    },
  };
}

export default defineConfig({
  // The router plugin must run before the React plugin so route files are code-split first.
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    preloadFonts(['noto-sans-lao-lao-400-normal.woff2', 'noto-sans-lao-lao-700-normal.woff2']),
    standaloneEntry('start-up'),
    serviceWorker(),
    precompress(),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/sandbox': { target: API_TARGET, changeOrigin: false },
      // Answered per agency by the API (chosen by Host), not a file of the build.
      '/manifest.webmanifest': { target: API_TARGET, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/sandbox': { target: API_TARGET, changeOrigin: false },
      // Answered per agency by the API (chosen by Host), not a file of the build.
      '/manifest.webmanifest': { target: API_TARGET, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // No polyfill of `<link rel="modulepreload">` (0.3 KB of every first visit): index.html preloads only the
    // bundler's runtime, which the start-up script imports at once anyway, and dynamic imports preload through
    // Vite's helper, which falls back to `rel="preload"` by itself (decision 0077).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The start-up script of a page the server painted (src/first-paint/start-up.ts) at the fixed address
      // the server writes into that page (START_UP_SCRIPT_PATH of @lc/shared/first-paint).
      input: { index: 'index.html', 'start-up': 'src/first-paint/start-up.ts' },
      // The shared contracts build zod schemas at module top level; marking `z.*` calls pure lets the
      // bundler drop the schemas (and zod) from chunks that only use the contracts' constants and types.
      treeshake: { manualPureFunctions: ['z'] },
      // Everything the first page needs in one chunk: left alone, the bundler split the start-up code into
      // two dozen small files shared with lazy routes, each a request queued on a phone's few connections.
      output: {
        codeSplitting: {
          groups: [{ name: 'app', tags: ['$initial'], test: (id: string) => !id.includes('/first-paint/') }],
        },
        entryFileNames: (chunk) => (chunk.name === 'start-up' ? 'start-up.js' : 'assets/[name]-[hash].js'),
      },
    },
  },
});
