/**
 * The in-tab bulk workers of the dashboard (spec §4). `startInTabWorkers` is the entry the
 * layout (and any page that needs rows processed) starts them with; `useInTabWorkers` mounts
 * them for the signed-in seller with the skip rules applied.
 */
export { BrowserRowRenderer } from './BrowserRowRenderer.js';
export { shouldReloadTab } from './reloadRule.js';
export { isWaitRoute } from './routeWait.js';
export { type WorkerSkipReason, workerSkipReason } from './skipRules.js';
export {
  type InTabWorkers,
  type StartInTabWorkersOptions,
  startInTabWorkers,
  WORKER_IDS,
} from './startInTabWorkers.js';
