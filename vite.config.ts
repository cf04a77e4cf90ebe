import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { compiledCatalogs } from './scripts/vite-plugin-catalogs.ts';

const src = (folder: string) => fileURLToPath(new URL(`./src/${folder}`, import.meta.url));
const apiPort = Number(process.env.API_PORT ?? 5001);

export default defineConfig(({ isSsrBuild }) => ({
  root: src('client'),
  publicDir: src('client/public'),
  resolve: {
    alias: { '@': src('client'), '@shared': src('shared') },
  },
  plugins: [
    compiledCatalogs(),
    react(),
    tailwindcss(),
    {
      // The stylesheet is what the first paint waits for: ask for it before the scripts the page
      // hydrates with, so a slow connection does not queue it behind them.
      name: 'trillium:stylesheet-first',
      transformIndexHtml: {
        order: 'post',
        handler(html) {
          const sheets = html.match(/\s*<link rel="stylesheet"[^>]*>/g) ?? [];
          let out = html;
          for (const sheet of sheets) out = out.replace(sheet, '');
          return out.replace(/(<meta name="viewport"[^>]*>)/, (meta) => `${meta}${sheets.join('')}`);
        },
      },
    },
    // Assets are precompressed once at build time; the server sends .br or .gz as the browser accepts.
    ...(isSsrBuild
      ? []
      : [
          compression({
            algorithms: [defineAlgorithm('gzip', { level: 9 }), defineAlgorithm('brotliCompress')],
            include: /\.(js|css|html|svg|json|txt|map)$/,
            threshold: 1024,
          }),
        ]),
  ],
  // `vite build --ssr`: the server's pre-render of the public landing pages (src/client/entry-server.tsx).
  build: isSsrBuild
    ? {
        outDir: fileURLToPath(new URL('./dist/ssr', import.meta.url)),
        emptyOutDir: true,
        ssr: 'entry-server.tsx',
        copyPublicDir: false,
        target: 'node20',
        sourcemap: false,
      }
    : {
        outDir: fileURLToPath(new URL('./dist/client', import.meta.url)),
        emptyOutDir: true,
        manifest: true,
        sourcemap: false,
        target: 'es2022',
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  // The pre-rendered landing pages and what they import, in one request instead of
                  // thirty small ones: a phone on a slow network pays a round trip for each.
                  name: 'landing',
                  test: /[\\/]app[\\/]routes[\\/]public[\\/](home|services|provider)\.tsx$/,
                },
              ],
            },
          },
        },
      },
  server: {
    port: 5000,
    strictPort: true,
    proxy: { '/api': `http://localhost:${apiPort}` },
  },
}));
