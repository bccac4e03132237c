import { PAGES, type PageId } from './PAGES.js';
import { isMemberPage, type PageDef } from './PageDef.js';

export type PageParams = Readonly<Record<string, string | number | undefined>>;

function pageOf(page: PageDef | PageId): PageDef {
  return typeof page === 'string' ? PAGES[page] : page;
}

/**
 * The address of a page with its parameters filled in and encoded. An optional parameter
 * (`:id?`) or a trailing `*` left out drops its segment; a required one left out throws, naming
 * the page, rather than building an address that opens another page.
 */
export function pagePath(page: PageDef | PageId, params: PageParams = {}): string {
  const def = pageOf(page);
  const segments: string[] = [];
  for (const segment of def.path.split('/').slice(1)) {
    if (segment === '*') {
      const rest = params['*'];
      if (rest !== undefined && rest !== '') segments.push(String(rest));
      continue;
    }
    const param = /^:(\w+)(\?)?$/.exec(segment);
    if (!param) {
      segments.push(segment);
      continue;
    }
    const [, name = '', optional] = param;
    const value = params[name];
    if (value === undefined || value === '') {
      if (optional) continue;
      throw new Error(`Missing parameter "${name}" for page ${def.path}`);
    }
    segments.push(encodeURIComponent(String(value)));
  }
  return `/${segments.join('/')}`;
}

/** Where the menu and quick navigation open a page: its address and its query, if any. */
export function pageLink(page: PageDef | PageId): string {
  const def = pageOf(page);
  const path = pagePath(def);
  return isMemberPage(def) && def.query !== undefined ? `${path}?${def.query}` : path;
}
