/**
 * Klaviyo's Bulk Import Profiles API: one `POST /api/profile-bulk-import-jobs` upserts up to
 * 10,000 profiles and adds them to a list; Klaviyo answers 202 with the job's id and does the
 * rest on its side.
 */

export const KLAVIYO_API_URL = 'https://a.klaviyo.com';
/** The API revision the request is written against. */
export const KLAVIYO_REVISION = '2024-10-15';
/** Profiles per import job (Klaviyo's limit). */
export const KLAVIYO_MAX_PROFILES = 10_000;
const KLAVIYO_TIMEOUT_MS = 15_000;

export interface KlaviyoProfile {
  email: string;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
}

/** Why Klaviyo did not take the profiles, in words for the seller. */
export class KlaviyoError extends Error {
  override readonly name = 'KlaviyoError';
  constructor(
    message: string,
    /** 'key': the private key was refused; 'request': Klaviyo refused the data or list;
     * 'rate': too many requests; 'unavailable': Klaviyo could not be reached or failed. */
    readonly kind: 'key' | 'request' | 'rate' | 'unavailable',
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** The request body: profiles without empty fields (Klaviyo cannot clear a field on import). */
export function importJobBody(profiles: readonly KlaviyoProfile[], listId: string) {
  return {
    data: {
      type: 'profile-bulk-import-job',
      attributes: {
        profiles: {
          data: profiles.map((p) => ({
            type: 'profile',
            attributes: {
              email: p.email,
              ...(p.first_name ? { first_name: p.first_name } : {}),
              ...(p.last_name ? { last_name: p.last_name } : {}),
              ...(p.phone ? { phone_number: p.phone } : {}),
            },
          })),
        },
      },
      relationships: { lists: { data: [{ type: 'list', id: listId }] } },
    },
  };
}

async function firstErrorDetail(response: Response): Promise<string | null> {
  try {
    const body = (await response.json()) as {
      errors?: Array<{ detail?: string; title?: string }>;
    };
    const first = body.errors?.[0];
    return first?.detail || first?.title || null;
  } catch {
    return null;
  }
}

/** Sends one import job; resolves with Klaviyo's job id. */
export async function importKlaviyoProfiles(request: {
  apiUrl: string;
  privateKey: string;
  listId: string;
  profiles: readonly KlaviyoProfile[];
}): Promise<{ jobId: string | null }> {
  let response: Response;
  try {
    response = await fetch(`${request.apiUrl.replace(/\/+$/, '')}/api/profile-bulk-import-jobs`, {
      method: 'POST',
      headers: {
        authorization: `Klaviyo-API-Key ${request.privateKey}`,
        revision: KLAVIYO_REVISION,
        accept: 'application/vnd.api+json',
        'content-type': 'application/vnd.api+json',
      },
      body: JSON.stringify(importJobBody(request.profiles, request.listId)),
      signal: AbortSignal.timeout(KLAVIYO_TIMEOUT_MS),
      redirect: 'error',
    });
  } catch {
    throw new KlaviyoError(
      'Klaviyo could not be reached; the profiles stay queued.',
      'unavailable',
    );
  }
  if (response.status === 202 || response.status === 200 || response.status === 201) {
    try {
      const body = (await response.json()) as { data?: { id?: string } };
      return { jobId: body.data?.id ?? null };
    } catch {
      return { jobId: null };
    }
  }
  const detail = await firstErrorDetail(response);
  if (response.status === 401 || response.status === 403) {
    throw new KlaviyoError(
      'Klaviyo refused the private key: check it is right and has the profiles:write and lists:write scopes.',
      'key',
    );
  }
  if (response.status === 429) {
    const retry = Number(response.headers.get('retry-after'));
    const seconds = Number.isFinite(retry) && retry > 0 ? Math.ceil(retry) : 60;
    throw new KlaviyoError(
      `Klaviyo is limiting requests; try again in ${seconds} seconds.`,
      'rate',
      seconds,
    );
  }
  if (response.status >= 400 && response.status < 500) {
    throw new KlaviyoError(
      `Klaviyo refused the profiles: ${detail ?? `HTTP ${response.status}`}`,
      'request',
    );
  }
  throw new KlaviyoError(
    `Klaviyo failed (HTTP ${response.status}); the profiles stay queued.`,
    'unavailable',
  );
}
