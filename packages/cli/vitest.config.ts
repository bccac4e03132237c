import type { ViteUserConfig } from 'vitest/config';
import { packageConfig } from '../../vitest.shared.js';

/**
 * The campaign command tests run the API server in the test process, so the CLI's tests resolve
 * dependencies as the server's do: without "import" (Node would then load pg-pool's ES module
 * for pg's require) and without "module" (bundler builds, such as @opentelemetry/api's and the
 * AWS SDK's, import files without extensions, which Node cannot load).
 */
const conditions = ['@printloom/source', 'node', 'default'];
const config = packageConfig();

const cliConfig: ViteUserConfig = {
  ...config,
  resolve: { ...config.resolve, conditions },
  ssr: { ...config.ssr, resolve: { conditions, externalConditions: ['@printloom/source'] } },
};

export default cliConfig;
