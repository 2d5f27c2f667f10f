// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';

const apiPort = Number(process.env.API_PORT ?? 3001);

export default defineConfig({
  srcDir: './site/src',
  publicDir: './site/public',
  outDir: './dist',
  output: 'static',
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  integrations: [react()],
  devToolbar: { enabled: false },
  server: { port: Number(process.env.PORT ?? 3000) },
  vite: {
    // Keep the WASM core a real file so the browser can stream-compile it.
    build: { assetsInlineLimit: 0 },
    server: {
      // `bun run dev`: the browser talks to one origin; /api and /ws go to the API process.
      proxy: {
        '/api': { target: `http://127.0.0.1:${apiPort}` },
        '/ws': { target: `ws://127.0.0.1:${apiPort}`, ws: true },
      },
    },
  },
});
