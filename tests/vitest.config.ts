import { defineConfig } from 'vitest/config';
import { sourceConditions } from '../vitest.shared.js';

export default defineConfig({
  resolve: { conditions: sourceConditions },
  ssr: { resolve: { conditions: sourceConditions } },
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', 'output/**'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Two files at a time: each file has a server and a browser of its own (its own data
    // directory and port), and one file alone leaves a core idle about half the time while
    // pages load and the server waits on its database.
    maxWorkers: 2,
    // Seeds the demo once; every test server starts from a copy (e2e/fixtures/server.ts).
    globalSetup: ['./e2e/fixtures/globalSetup.ts'],
  },
});
