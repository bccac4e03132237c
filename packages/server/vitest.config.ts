import type { ViteUserConfig } from 'vitest/config';
import { packageConfig } from '../../vitest.shared.js';

/**
 * The shared conditions include "import", which Node then also applies to require() of
 * externalised CommonJS packages: pg would load pg-pool's ES module and fail. The server's
 * tests resolve without it (Vite adds "import" itself where an ES import asks for it). Nor with
 * "module": the AWS SDK's "module" builds are for bundlers (imports without file extensions),
 * which Node cannot load.
 */
const conditions = ['@printloom/source', 'node', 'default'];
const config = packageConfig({ testTimeout: 60_000 });

const serverConfig: ViteUserConfig = {
  ...config,
  resolve: { ...config.resolve, conditions },
  ssr: { ...config.ssr, resolve: { conditions, externalConditions: ['@printloom/source'] } },
};

export default serverConfig;
