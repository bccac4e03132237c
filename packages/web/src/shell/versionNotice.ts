/**
 * The notice shows when the polled version differs from the one the page started with (spec §4);
 * a failed poll (null) never counts as a change.
 */
export function isNewVersion(first: string | null, latest: string | null): boolean {
  return first !== null && latest !== null && latest !== first;
}
