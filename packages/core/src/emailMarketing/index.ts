export * from './emailCampaigns.js';
export * from './renderCampaignEmail.js';
