import { bulkRegular, bulkV3, can, isDesigner, type UserLike } from '@printloom/core';

/**
 * Who runs the in-tab bulk workers (spec §4, §6): not designers (they do not pull bulk jobs), not
 * phones and tablets (mobile user agent or a coarse primary pointer: rendering 2000 px mockups
 * drains a battery and stalls the page), and not team accounts the bulk calls would refuse
 * (they need update_campaign).
 */
export type WorkerSkipReason = 'designer' | 'mobile' | 'coarse_pointer' | 'no_permission';

export interface DeviceTraits {
  userAgent: string;
  /** `navigator.userAgentData.mobile` where the browser has it. */
  mobileHint?: boolean | undefined;
  /** `matchMedia('(pointer: coarse)')`: the primary pointer is a finger. */
  coarsePointer: boolean;
}

const MOBILE_AGENT = /Android|iPhone|iPad|iPod|Mobile|webOS|BlackBerry|IEMobile|Opera Mini/i;

/** The first call of each in-tab worker: a user these refuse does not run the workers. */
const WORKER_ROUTES = [bulkV3.pending, bulkRegular.nextJob] as const;

export function isMobileDevice(device: DeviceTraits): boolean {
  return device.mobileHint === true || MOBILE_AGENT.test(device.userAgent);
}

/** Why this user on this device does not run the workers, or null when it does. */
export function workerSkipReason(user: UserLike, device: DeviceTraits): WorkerSkipReason | null {
  if (isDesigner(user)) return 'designer';
  if (isMobileDevice(device)) return 'mobile';
  if (device.coarsePointer) return 'coarse_pointer';
  if (!WORKER_ROUTES.every((route) => can(user, route.permission))) return 'no_permission';
  return null;
}

interface NavigatorWithHints {
  userAgent?: string;
  userAgentData?: { mobile?: boolean };
}

/** The traits of the browser the dashboard runs in. */
export function readDeviceTraits(): DeviceTraits {
  const nav = (globalThis as { navigator?: NavigatorWithHints }).navigator;
  const media = (globalThis as { matchMedia?: (query: string) => { matches: boolean } }).matchMedia;
  return {
    userAgent: nav?.userAgent ?? '',
    mobileHint: nav?.userAgentData?.mobile,
    coarsePointer: media ? media('(pointer: coarse)').matches : false,
  };
}
