export * from './constants.js';
export * from './isValidFacebookUrl.js';
export * from './SellerSurvey.js';
export * from './validateSurvey.js';
