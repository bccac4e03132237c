import { TOKEN_MAX_AGE_SECONDS } from '../../../constants.js';

/**
 * Campaign click and submit tracking (spec §4 Tracking, §3 cookies): a seller who came from a
 * UTM link (`utm_campaign`) is counted once per campaign for opening the editor (click) and once
 * for saving a campaign (submit). The campaigns already counted are remembered in the
 * `clickedCampaigns` and `submittedCampaigns` cookies for 7 days (spec §9 cookie max age).
 */
export const TRACKING_COOKIES = {
  click: 'clickedCampaigns',
  submit: 'submittedCampaigns',
} as const;

export type TrackAction = keyof typeof TRACKING_COOKIES;

/** The campaigns a cookie string says were counted for `action`. */
export function trackedCampaigns(cookie: string, action: TrackAction): string[] {
  const name = TRACKING_COOKIES[action];
  for (const part of cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key !== name) continue;
    try {
      const list: unknown = JSON.parse(decodeURIComponent(rest.join('=')));
      return Array.isArray(list) ? list.filter((v): v is string => typeof v === 'string') : [];
    } catch {
      return [];
    }
  }
  return [];
}

/** The cookie assignment that adds `campaign` to the list of `action`. */
export function trackingCookie(cookie: string, action: TrackAction, campaign: string): string {
  const list = [...new Set([...trackedCampaigns(cookie, action), campaign])];
  const value = encodeURIComponent(JSON.stringify(list));
  return `${TRACKING_COOKIES[action]}=${value}; Max-Age=${TOKEN_MAX_AGE_SECONDS}; Path=/; SameSite=Lax`;
}

/** Where the cookies live: `document` in the browser, a stand-in in tests. */
export interface CookieJar {
  cookie: string;
}

/**
 * Sends the tracking call unless this campaign was counted before; remembers it only when the
 * server answered `success` (a failed call is tried again next time).
 */
export async function trackOnce(
  action: TrackAction,
  utmCampaign: string,
  send: () => Promise<{ success: boolean }>,
  jar: CookieJar = document,
): Promise<boolean> {
  const campaign = utmCampaign.trim();
  if (campaign === '' || trackedCampaigns(jar.cookie, action).includes(campaign)) return false;
  const answer = await send();
  if (!answer.success) return false;
  jar.cookie = trackingCookie(jar.cookie, action, campaign);
  return true;
}
