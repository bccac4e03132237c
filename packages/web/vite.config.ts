import type { IncomingMessage } from 'node:http';
import { apiPathPrefixes } from '@printloom/core';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { defineConfig } from 'vitest/config';
import { editorFonts } from './vite.editorFonts.js';
import { purgeBootstrapCss } from './vite.purgeCss.js';

const sourceConditions = ['@printloom/source', 'module', 'browser', 'development|production'];
const API_ORIGIN = process.env.PRINTLOOM_API ?? 'http://localhost:3000';

/** Social sign-in addresses the browser itself opens: redirects of the API, never pages. */
const SOCIAL_REDIRECT = /^\/auth\/social\/[a-z]+\/(start|callback)(\?|$)/;

/**
 * API paths share their first segment with some page routes (/auth/verify-email is a page and
 * a POST), so a browser asking for HTML stays on the dev server and everything else is proxied.
 */
function pageRequest(req: IncomingMessage): string | undefined {
  if (req.url && SOCIAL_REDIRECT.test(req.url)) return undefined;
  return req.method === 'GET' && req.headers.accept?.includes('text/html') ? req.url : undefined;
}

/** Addresses under the first segment of any API path go to the API (`apiPathPrefixes` of core). */
const API_PREFIX = `^/(${apiPathPrefixes()
  .map((segment) => segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  .join('|')})(/|$|\\?)`;

/**
 * Files the server sends compressed: `printloom serve` answers with the .br (or .gz) file written
 * beside each one when the browser accepts it (@fastify/static `preCompressed`), so no request
 * pays for compressing. Source maps are left as they are: only developer tools fetch them.
 */
const precompressed = compression({
  algorithms: ['brotliCompress', 'gzip'],
  include: /\.(js|mjs|css|html|svg|json|ttf|txt)$/,
  exclude: /\.map$/,
  threshold: 512,
  logLevel: 'silent',
});

export default defineConfig(({ command }) => ({
  plugins: [react(), editorFonts(), ...(command === 'build' ? [precompressed] : [])],
  resolve: { conditions: sourceConditions },
  // The dev server keeps all of Bootstrap, so a class added while developing works at once.
  css: { postcss: { plugins: command === 'build' ? [purgeBootstrapCss()] : [] } },
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
}));
