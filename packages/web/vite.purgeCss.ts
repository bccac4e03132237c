import { globSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import purgeCss from '@fullhuman/postcss-purgecss';
import type { Plugin as PostCssPlugin } from 'postcss';

/**
 * Ships only the Bootstrap rules the dashboard uses (issue 11: 231 KB of render-blocking CSS,
 * 90–96 % unused). At build time PurgeCSS keeps a Bootstrap rule when its class names occur in
 * the dashboard's source, in index.html, or in the react-bootstrap modules the source imports
 * (they write structural classes such as `modal-dialog` or `dropdown-item`). Only Bootstrap's
 * file is purged; our own style sheets are kept whole.
 *
 * react-bootstrap also composes class names at run time from a block and a prop value
 * (`${prefix}-${variant}`: `variant="outline-secondary"` becomes `btn-outline-secondary`,
 * `bg="danger"` `bg-danger`, `expand="lg"` `navbar-expand-lg`, Carousel's `carousel-item-start`).
 * Those names never occur whole in any file, so for every word found, `block-word` is kept too,
 * for each block react-bootstrap composes (COMPOSED_BLOCKS, from its `${prefix}-…` templates).
 * Bootstrap's CSS variables and `[data-bs-theme=dark]` blocks are kept: the theme switch needs them.
 */
const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

export const COMPOSED_BLOCKS = [
  'alert',
  'badge',
  'bg',
  'border',
  'btn',
  'btn-close',
  'carousel',
  'carousel-item',
  'dropdown-menu',
  'fixed',
  'form-control',
  'form-select',
  'list-group-item',
  'modal',
  'modal-dialog',
  'modal-fullscreen',
  'nav',
  'navbar',
  'navbar-expand',
  'offcanvas',
  'placeholder',
  'position',
  'progress-bar',
  'spinner-border',
  'spinner-grow',
  'sticky',
  'table',
  'text',
  'text-bg',
  'toast',
] as const;

const WORD = /[A-Za-z0-9_-]+/g;
const BOOTSTRAP_CSS = /[\\/]bootstrap[\\/]dist[\\/]css[\\/]/;

/** Every word of a file, plus each composed block-word name react-bootstrap could build from it. */
export function classCandidates(content: string): string[] {
  const words = new Set(content.match(WORD) ?? []);
  const candidates = new Set(words);
  for (const word of words) for (const block of COMPOSED_BLOCKS) candidates.add(`${block}-${word}`);
  return [...candidates];
}

/** The react-bootstrap modules the source imports, with the modules they import in turn. */
export function reactBootstrapModules(sourceFiles: readonly string[]): string[] {
  const esm = join(dirname(require.resolve('react-bootstrap/package.json')), 'esm');
  const seen = new Set<string>();
  const queue: string[] = [];
  for (const file of sourceFiles) {
    for (const match of readFileSync(file, 'utf8').matchAll(/from 'react-bootstrap\/(\w+)'/g)) {
      queue.push(join(esm, `${match[1]}.js`));
    }
  }
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(/from '\.\/(\w+)(?:\.js)?'/g)) {
      queue.push(join(esm, `${match[1]}.js`));
    }
  }
  return [...seen].sort();
}

/** The PostCSS plugin for `vite build`: purges Bootstrap's style sheet, leaves others alone. */
export function purgeBootstrapCss(): PostCssPlugin {
  const source = [
    ...globSync('src/**/*.{ts,tsx}', { cwd: here }).map((file) => join(here, file)),
    join(here, 'index.html'),
  ];
  const purge = purgeCss({
    content: [...source, ...reactBootstrapModules(source)],
    defaultExtractor: classCandidates,
    keyframes: true,
    variables: false,
  });
  const purgeRoot = 'OnceExit' in purge ? purge.OnceExit : undefined;
  if (!purgeRoot) throw new Error('@fullhuman/postcss-purgecss no longer purges in OnceExit');
  return {
    postcssPlugin: 'printloom-purge-bootstrap',
    async OnceExit(root, helpers) {
      if (BOOTSTRAP_CSS.test(root.source?.input.file ?? '')) await purgeRoot(root, helpers);
    },
  };
}
