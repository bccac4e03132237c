/**
 * Browser storage that never throws: private mode and full quotas make localStorage fail, and
 * a failing preference must not take the dashboard down with it.
 */
function area(kind: 'local' | 'session'): Storage | undefined {
  try {
    return kind === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

export function readStorage(key: string, kind: 'local' | 'session' = 'local'): string | null {
  try {
    return area(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(
  key: string,
  value: string,
  kind: 'local' | 'session' = 'local',
): void {
  try {
    area(kind)?.setItem(key, value);
  } catch (error) {
    console.warn(`Cannot store ${key}`, error);
  }
}

export function removeStorage(key: string, kind: 'local' | 'session' = 'local'): void {
  try {
    area(kind)?.removeItem(key);
  } catch (error) {
    console.warn(`Cannot remove ${key}`, error);
  }
}
