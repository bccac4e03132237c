import type { EmailAudience, EmailCampaignStatus } from '@printloom/core';

export const CAMPAIGN_STATUS_LABELS: Record<EmailCampaignStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  sending: 'Sending',
  sent: 'Sent',
};

export const CAMPAIGN_STATUS_BADGES: Record<EmailCampaignStatus, string> = {
  draft: 'secondary',
  scheduled: 'info',
  sending: 'warning',
  sent: 'success',
};

export function audienceLabel(audience: EmailAudience): string {
  switch (audience.kind) {
    case 'all':
      return 'All subscribers of the store';
    case 'recent_buyers':
      return `Bought in the last ${audience.days} days`;
    case 'bought_campaign':
      return `Bought campaign #${audience.campaign_id}`;
    case 'never_bought':
      return 'Never bought';
  }
}

/** A share of the delivered mails, as "12.5%" ("–" before any is delivered). */
export function rate(count: number, delivered: number): string {
  if (delivered === 0) return '–';
  return `${Math.round((count / delivered) * 1000) / 10}%`;
}
