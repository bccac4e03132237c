import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { ensureBrowserBundle } from './browserBundle.js';
import { DEFAULT_QUALITY, type OutputFormat } from './constants.js';
import { RenderInputError } from './images.js';

/** Chromium flags: CPU WebGL 2 through SwiftShader, and no attempt to reach the internet. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
];

export interface ChromiumPoolOptions {
  /** Warm pages kept open; each renders one frame at a time. Default 1. */
  pages?: number;
  executablePath?: string;
  /** The browser bundle to load (default dist/browser/renderer.js, built when missing). */
  bundlePath?: string;
  /** A frame taking longer than this fails instead of hanging the caller. Default 60 s. */
  frameTimeoutMs?: number;
}

export interface Render3dRequest {
  /** Path of the template's GLB model. */
  model: string;
  /** The design image, PNG/JPEG bytes. */
  design: Buffer;
  color: string;
  size: number;
  /** Print space width / height the design wraps at (default 1). */
  aspect?: number;
  format?: OutputFormat;
  quality?: number;
}

/**
 * Headless Chromium with the flags above, from /usr/bin/chromium unless told otherwise.
 * playwright-core is loaded here, on the first launch, so 2D work never pays for loading it.
 */
export async function launchChromium(executablePath?: string): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: executablePath ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    timeout: 30_000,
  });
}

/** A blank page with every network request refused and the renderer bundle loaded. */
export async function openOfflinePage(browser: Browser, bundle: string): Promise<Page> {
  const page = await browser.newPage();
  await page.route('**/*', (route) => route.abort());
  await page.setContent('<!doctype html><html><body></body></html>');
  await page.addScriptTag({ content: bundle });
  return page;
}

interface Slot {
  page: Page;
  models: Set<string>;
  queue: Promise<unknown>;
  pending: number;
}

/**
 * Headless Chromium with warm pages that render 3D mockups with three.js (WebGL 2 on the CPU).
 * One browser serves many renders: pages stay loaded with the scene and their parsed models,
 * and requests queue on the least busy page. Pages load the bundle from disk and every network
 * request is refused, so a render never waits on the internet.
 */
export class ChromiumPool {
  private constructor(
    private readonly browser: Browser,
    private readonly slots: Slot[],
    private readonly ownsBrowser: boolean,
    private readonly frameTimeoutMs: number,
  ) {}

  /** Starts Chromium and opens the pool's warm pages in it. */
  static async launch(options: ChromiumPoolOptions = {}): Promise<ChromiumPool> {
    const browser = await launchChromium(options.executablePath);
    try {
      return await ChromiumPool.open(browser, options, true);
    } catch (error) {
      await browser.close();
      throw error;
    }
  }

  /** Opens warm pages in a browser the caller owns (closing the pool leaves it running). */
  static async open(
    browser: Browser,
    options: ChromiumPoolOptions = {},
    ownsBrowser = false,
  ): Promise<ChromiumPool> {
    const bundle = await readFile(options.bundlePath ?? (await ensureBrowserBundle()), 'utf8');
    const slots: Slot[] = [];
    for (let i = 0; i < (options.pages ?? 1); i++) {
      const page = await openOfflinePage(browser, bundle);
      slots.push({ page, models: new Set(), queue: Promise.resolve(), pending: 0 });
    }
    return new ChromiumPool(browser, slots, ownsBrowser, options.frameTimeoutMs ?? 60_000);
  }

  /** Renders one 3D mockup frame; resolves with the encoded image. */
  render(request: Render3dRequest): Promise<Buffer> {
    const slot = this.slots.reduce((a, b) => (b.pending < a.pending ? b : a));
    slot.pending++;
    const run = slot.queue.then(() => this.withTimeout(this.renderOn(slot, request)));
    slot.queue = run.catch(() => undefined);
    return run.finally(() => {
      slot.pending--;
    });
  }

  private withTimeout<T>(work: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`3D render took longer than ${this.frameTimeoutMs} ms`)),
        this.frameTimeoutMs,
      );
    });
    return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
  }

  private async renderOn(slot: Slot, request: Render3dRequest): Promise<Buffer> {
    const model = resolve(request.model);
    if (!slot.models.has(model)) {
      let glb: Buffer;
      try {
        glb = await readFile(model);
      } catch {
        throw new RenderInputError(`Model file not found: ${model}`);
      }
      await slot.page.evaluate(
        ([key, b64]) =>
          (globalThis as unknown as PageApi).PrintloomRenderer.PrintloomScene3d.addModel(key, b64),
        [model, glb.toString('base64')] as const,
      );
      slot.models.add(model);
    }
    const dataUrl = await slot.page.evaluate(
      (req) => (globalThis as unknown as PageApi).PrintloomRenderer.PrintloomScene3d.render(req),
      {
        model,
        design: `data:image/png;base64,${request.design.toString('base64')}`,
        color: request.color,
        size: request.size,
        format: request.format ?? 'jpeg',
        quality: request.quality ?? DEFAULT_QUALITY,
        aspect: request.aspect ?? 1,
      },
    );
    return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  }

  async close(): Promise<void> {
    if (this.ownsBrowser) await this.browser.close();
    else await Promise.all(this.slots.map((slot) => slot.page.close()));
  }
}

interface PageApi {
  PrintloomRenderer: {
    PrintloomScene3d: {
      addModel(key: string, b64: string): void;
      render(req: {
        model: string;
        design: string;
        color: string;
        size: number;
        format: OutputFormat;
        quality: number;
        aspect: number;
      }): Promise<string>;
    };
  };
}
