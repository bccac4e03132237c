import type { RecaptchaVersion } from '@printloom/core';

/** The part of Google's `grecaptcha` the bot check uses (v2 explicit render, v3 execute). */
export interface Grecaptcha {
  ready(callback: () => void): void;
  render(
    container: HTMLElement,
    options: {
      sitekey: string;
      callback: (token: string) => void;
      'expired-callback': () => void;
      'error-callback': () => void;
    },
  ): number;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

/** Google's script: explicit rendering for the v2 checkbox, the site key for v3. */
export function recaptchaScriptUrl(siteKey: string, version: RecaptchaVersion): string {
  const render = version === 'v2' ? 'explicit' : encodeURIComponent(siteKey);
  return `https://www.google.com/recaptcha/api.js?render=${render}`;
}

const loads = new Map<string, Promise<Grecaptcha>>();

/** Loads the provider's script once per address; rejects when it cannot be loaded. */
export function loadRecaptchaScript(src: string): Promise<Grecaptcha> {
  let load = loads.get(src);
  if (!load) {
    load = new Promise<Grecaptcha>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.defer = true;
      script.onload = () => {
        const grecaptcha = window.grecaptcha;
        if (grecaptcha) grecaptcha.ready(() => resolve(grecaptcha));
        else reject(new Error('grecaptcha missing after load'));
      };
      script.onerror = () => reject(new Error(`could not load ${src}`));
      document.head.append(script);
    });
    // A failed load may be retried by the next form.
    load.catch(() => loads.delete(src));
    loads.set(src, load);
  }
  return load;
}
