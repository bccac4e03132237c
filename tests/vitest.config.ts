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
    fileParallelism: false,
    // Seeds the demo once; every test server starts from a copy (e2e/fixtures/server.ts).
    globalSetup: ['./e2e/fixtures/globalSetup.ts'],
  },
});
