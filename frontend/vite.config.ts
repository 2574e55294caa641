import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/** Vendor groups: stable, separately cached chunks; Amplify and chart.js load only where imported lazily. */
const VENDOR_GROUPS: { name: string; test: RegExp; priority: number }[] = [
  { name: 'vendor-react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/, priority: 30 },
  { name: 'vendor-intl', test: /[\\/]node_modules[\\/](react-intl|@formatjs|intl-messageformat|tslib)[\\/]/, priority: 20 },
  { name: 'vendor-amplify', test: /[\\/]node_modules[\\/](aws-amplify|@aws-amplify|@aws-crypto|@aws-sdk|@smithy|js-cookie|uuid)[\\/]/, priority: 20 },
  { name: 'vendor-charts', test: /[\\/]node_modules[\\/](chart\.js|react-chartjs-2|@kurkle)[\\/]/, priority: 20 },
];

export default defineConfig({
  root,
  base: '/',
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    // .vite/manifest.json: which chunks each screen loads (npm run bench measures the initial route JS with it).
    manifest: true,
    chunkSizeWarningLimit: 500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: VENDOR_GROUPS,
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    // `npm start` serves the API on its own port; point the dev server at it with VITE_API_PROXY.
    proxy: process.env.VITE_API_PROXY ? { '/api': { target: process.env.VITE_API_PROXY, changeOrigin: true } } : undefined,
  },
});
