import { useEffect } from 'react';

export function isHardReloadKey(
  event: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'ctrlKey' | 'metaKey'>,
): boolean {
  if (event.shiftKey && event.key === 'F5') return true;
  return event.shiftKey && (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'r';
}

/** Shift+F5 or Ctrl+Shift+R clears local storage and reloads from the server (spec §2). */
export function useHardReloadKeys(): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isHardReloadKey(event)) return;
      event.preventDefault();
      try {
        localStorage.clear();
      } catch (error) {
        console.warn('Cannot clear local storage', error);
      }
      window.location.reload();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
