import type { IncomingMessage } from 'node:http';
import { apiPathPrefixes } from '@printloom/core';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { editorFonts } from './vite.editorFonts.js';

const sourceConditions = ['@printloom/source', 'module', 'browser', 'development|production'];
const API_ORIGIN = process.env.PRINTLOOM_API ?? 'http://localhost:3000';

/**
 * API paths share their first segment with some page routes (/auth/verify-email is a page and
 * a POST), so a browser asking for HTML stays on the dev server and everything else is proxied.
 */
function pageRequest(req: IncomingMessage): string | undefined {
  return req.method === 'GET' && req.headers.accept?.includes('text/html') ? req.url : undefined;
}

/** Addresses under the first segment of any API path go to the API (`apiPathPrefixes` of core). */
const API_PREFIX = `^/(${apiPathPrefixes()
  .map((segment) => segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  .join('|')})(/|$|\\?)`;

export default defineConfig({
  plugins: [react(), editorFonts()],
  resolve: { conditions: sourceConditions },
  // Tests run on Node, which gets these as --conditions for the modules it loads itself: 'import'
  // there would send CommonJS requires to ESM builds (react-bootstrap's @restart helpers).
  ssr: { resolve: { conditions: ['@printloom/source', 'node', 'default'] } },
  build: { outDir: 'dist', sourcemap: true, manifest: true },
  server: {
    port: 5173,
    proxy: {
      [API_PREFIX]: { target: API_ORIGIN, changeOrigin: false, bypass: pageRequest },
    },
  },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
  },
});
