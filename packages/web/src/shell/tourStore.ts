/** Whether the dashboard's getting-started panel is on screen (a tour start condition). */
let shown = false;
const listeners = new Set<() => void>();

export const gettingStarted = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: () => shown,
  set(value: boolean) {
    if (shown === value) return;
    shown = value;
    for (const listener of listeners) listener();
  },
};
