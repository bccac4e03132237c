import type { Queryable } from '../db/Db.js';

export interface NewUtmTrack {
  sellerId: number | null;
  utmCampaign: string;
  action: string;
  campaignId: number | null;
  ip: string;
}

export async function insertUtmTrack(db: Queryable, track: NewUtmTrack): Promise<void> {
  await db.query(
    'INSERT INTO utm_tracks (seller_id, utm_campaign, action, campaign_id, ip_address) VALUES ($1, $2, $3, $4, $5)',
    [track.sellerId, track.utmCampaign, track.action, track.campaignId, track.ip],
  );
}
