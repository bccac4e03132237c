import { defineConfig } from 'vitest/config';

/**
 * Workspace packages export their TypeScript sources under the `@printloom/source`
 * condition, so tests run against the code as written, without a build step.
 */
export const sourceConditions = ['@printloom/source', 'import', 'module', 'node', 'default'];

/**
 * Test files run two at a time. Vitest's default in run mode is one worker fewer than the CPUs,
 * which is one on a 2-core machine: the server's files then wait on PostgreSQL with a core idle.
 */
const WORKERS = 2;

export function packageConfig(
  options: { environment?: 'node' | 'jsdom'; testTimeout?: number } = {},
) {
  return defineConfig({
    resolve: { conditions: sourceConditions },
    ssr: { resolve: { conditions: sourceConditions } },
    test: {
      environment: options.environment ?? 'node',
      include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts', 'test/**/*.test.tsx'],
      testTimeout: options.testTimeout ?? 20_000,
      hookTimeout: 60_000,
      maxWorkers: WORKERS,
      reporters: process.env.CI ? ['default'] : ['default'],
    },
  });
}
