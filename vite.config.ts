import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const src = (folder: string) => fileURLToPath(new URL(`./src/${folder}`, import.meta.url));
const apiPort = Number(process.env.API_PORT ?? 5001);

export default defineConfig({
  root: src('client'),
  publicDir: src('client/public'),
  resolve: {
    alias: { '@': src('client'), '@shared': src('shared') },
  },
  plugins: [
    react(),
    tailwindcss(),
    // Assets are precompressed once at build time; the server sends .br or .gz as the browser accepts.
    compression({
      algorithms: [defineAlgorithm('gzip', { level: 9 }), defineAlgorithm('brotliCompress')],
      include: /\.(js|css|html|svg|json|txt|map)$/,
      threshold: 1024,
    }),
  ],
  build: {
    outDir: fileURLToPath(new URL('./dist/client', import.meta.url)),
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    target: 'es2022',
  },
  server: {
    port: 5000,
    strictPort: true,
    proxy: { '/api': `http://localhost:${apiPort}` },
  },
});
