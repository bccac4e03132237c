import { defineConfig } from 'vitest/config';

/**
 * Workspace packages export their TypeScript sources under the `@printloom/source`
 * condition, so tests run against the code as written, without a build step.
 */
export const sourceConditions = ['@printloom/source', 'import', 'module', 'node', 'default'];

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
      reporters: process.env.CI ? ['default'] : ['default'],
    },
  });
}
