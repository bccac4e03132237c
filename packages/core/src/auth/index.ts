export * from './can.js';
export * from './constants.js';

export * from './emailVerification.js';
export * from './isDesignerLogin.js';
export * from './isStoreLimited.js';
export * from './roleOf.js';
export * from './UserLike.js';
