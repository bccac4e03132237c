export * from './Campaign.js';
export * from './CampaignListQuery.js';
export * from './checkPersonalizedMatch.js';
export * from './constants.js';
export * from './DesignSaveRecord.js';
export * from './MockupUploadRecord.js';
export * from './orderBy.js';
export * from './timeFilter.js';
