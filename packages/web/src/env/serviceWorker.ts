/** Logged when the browser cannot keep the shell (spec §7 messages). */
export const NO_SERVICE_WORKER_MESSAGE = 'serviceWorker is not supported in current browser!';
export const SERVICE_WORKER_PATH = '/sw.js';

/**
 * Registers the dashboard's service worker at /sw.js with scope / (spec §7). It caches only the
 * shell's build files (public/sw.js), so registering it never changes what the API answers.
 */
export async function registerServiceWorker(
  nav: Navigator = navigator,
): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in nav)) {
    console.warn(NO_SERVICE_WORKER_MESSAGE);
    return null;
  }
  try {
    return await nav.serviceWorker.register(SERVICE_WORKER_PATH, { scope: '/' });
  } catch (error) {
    // A browser that refuses (private mode, an insecure host) still runs the dashboard.
    console.warn('Service worker not registered', error);
    return null;
  }
}
