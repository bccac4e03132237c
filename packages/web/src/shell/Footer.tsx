import { BRAND_TITLE } from '../constants.js';

/** Where the footer links go; the spec names them, the addresses are the brand's. */
export const FOOTER_LINKS = {
  about: 'https://printloom.com/about',
  facebook: 'https://www.facebook.com/printloom',
  contact: 'mailto:support@printloom.com',
} as const;

/** Footer (spec §2): copyright with the brand title, About, Facebook Page and Contact Us. */
export function Footer() {
  return (
    <footer className="border-top py-3 mt-auto small text-body-secondary">
      <div className="container-fluid d-flex flex-wrap justify-content-between gap-2">
        <span>
          © {new Date().getFullYear()} {BRAND_TITLE}
        </span>
        <span className="d-flex gap-3">
          <a href={FOOTER_LINKS.about} target="_blank" rel="noreferrer">
            About
          </a>
          <a href={FOOTER_LINKS.facebook} target="_blank" rel="noreferrer">
            Facebook Page
          </a>
          <a href={FOOTER_LINKS.contact}>Contact Us</a>
        </span>
      </div>
    </footer>
  );
}
