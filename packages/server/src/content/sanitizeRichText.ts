/**
 * The HTML a seller writes in the store page and blog editor, cut down to an allow-list before
 * it is stored (issue 12): the storefront prints it as it is. Kept: text structure (paragraphs,
 * headings h2–h4, lists, quotes, code), emphasis, links (http, https, mailto and site-relative;
 * opened elsewhere only with rel=noopener) and images (http, https, site-relative). Dropped:
 * scripts, styles, event handlers, frames, forms, `javascript:` and `data:` addresses, and any
 * attribute not listed.
 */
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'hr',
    'code',
    'pre',
    'figure',
    'figcaption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // h1 belongs to the page title; a pasted h1 becomes an h2.
  transformTags: {
    h1: 'h2',
    a: (tagName, attribs) => {
      const target = attribs.target === '_blank' ? '_blank' : undefined;
      return {
        tagName,
        attribs: {
          ...(attribs.href ? { href: attribs.href } : {}),
          ...(attribs.title ? { title: attribs.title } : {}),
          ...(target ? { target, rel: 'noopener noreferrer nofollow' } : {}),
        },
      };
    },
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
