// ApiError itself is exported by api/; these rules build and read it.
export * from './constants.js';
export * from './errorMessage.js';
export * from './normalizeError.js';
