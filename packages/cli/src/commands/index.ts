import type { Command } from 'commander';
import { registerAdminCommands } from './admin.js';
import { registerAuthCommands } from './auth.js';
import { registerBulkCommands } from './bulk.js';
import { registerCampaignCommands } from './campaigns.js';
import { registerFeatureRequestCommands } from './featureRequests.js';
import { registerOrderCommands } from './orders.js';
import { registerRenderCommands } from './render.js';
import { registerServeCommands } from './serve.js';

/**
 * Every command group lives in its own file and registers itself here.
 * Heavy modules (server, renderer) are imported inside the action handlers so that
 * `printloom --help` and light commands start fast.
 */
export function registerCommands(_program: Command): void {
  registerRenderCommands(_program);
  registerServeCommands(_program);
  registerAuthCommands(_program);
  registerBulkCommands(_program);
  registerCampaignCommands(_program);
  registerOrderCommands(_program);
  registerAdminCommands(_program);
  registerFeatureRequestCommands(_program);
}
