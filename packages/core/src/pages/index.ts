export * from './constants.js';
export * from './PAGES.js';
export * from './PageDef.js';
export * from './pageAccess.js';
export * from './pageGuards.js';
export * from './pagePath.js';
export * from './quickNavPages.js';
