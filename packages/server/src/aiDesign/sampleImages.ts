/**
 * Generated images the tools are checked and measured on (tests and `npm run bench`): no file
 * of anyone's, the same pixels every run.
 */
import sharp from 'sharp';

/** A 600×600 artwork: lettering, lines and gradients (what sellers upscale for print). */
export async function sampleArtwork(size = 600): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 600 600">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#f6d365"/><stop offset="1" stop-color="#fda085"/></linearGradient></defs>
  <rect width="600" height="600" fill="url(#g)"/>
  <circle cx="300" cy="250" r="150" fill="none" stroke="#2d3436" stroke-width="14"/>
  <path d="M120 470 Q300 360 480 470" stroke="#0984e3" stroke-width="10" fill="none"/>
  <text x="300" y="270" font-family="sans-serif" font-size="64" font-weight="bold" text-anchor="middle" fill="#2d3436">PRINT</text>
  <text x="300" y="540" font-family="sans-serif" font-size="36" text-anchor="middle" fill="#ffffff">Printloom 2026</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Where the subject of {@link sampleProductPhoto} lies: a box inside it and one around it. */
export const PHOTO_SUBJECT = {
  inner: { left: 240, top: 250, width: 120, height: 160 },
  outer: { left: 150, top: 100, width: 340, height: 410 },
} as const;

/**
 * A 600×600 product photo on a plain studio background: a shaded mug with a handle and a
 * gold label, on a shadow-free plain light grey backdrop, with a little sensor noise over everything.
 */
export async function sampleProductPhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600">
  <defs>
    <linearGradient id="body" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#7a1f1f"/><stop offset="0.45" stop-color="#d64545"/>
      <stop offset="1" stop-color="#5c1414"/></linearGradient>
  </defs>
  <rect width="600" height="600" fill="#e6e6e6"/>
  <path d="M380 200 C470 200 470 360 380 360" fill="none" stroke="#8e2424" stroke-width="28"/>
  <rect x="170" y="130" width="230" height="360" rx="24" fill="url(#body)"/>
  <ellipse cx="285" cy="132" rx="115" ry="20" fill="#4a1010"/>
  <rect x="215" y="250" width="140" height="90" fill="#e0b040"/>
</svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).raw().toBuffer({ resolveWithObject: true });
  // ±3 levels of deterministic noise, as a camera leaves on a plain backdrop.
  let seed = 42;
  for (let i = 0; i < data.length; i++) {
    if (info.channels === 4 && i % 4 === 3) continue;
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const value = (data[i] ?? 0) + ((seed >> 16) % 7) - 3;
    data[i] = Math.max(0, Math.min(255, value));
  }
  return sharp(data, { raw: info }).removeAlpha().png().toBuffer();
}

/** An alpha of at least this (90 %) counts as opaque: the model's mask is soft. */
export const OPAQUE_ALPHA = 230;

/**
 * Alpha figures of a cutout: the share of background pixels (outside `outer`) with alpha 0 and
 * their mean alpha; the share of subject pixels (inside `inner`) with alpha ≥ {@link OPAQUE_ALPHA}
 * and their mean and lowest alpha.
 */
export async function cutoutAlpha(png: Buffer): Promise<{
  backgroundTransparent: number;
  backgroundMeanAlpha: number;
  subjectOpaque: number;
  subjectMeanAlpha: number;
  subjectMinAlpha: number;
}> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const { inner, outer } = PHOTO_SUBJECT;
  let background = 0;
  let transparent = 0;
  let alphaSum = 0;
  let subject = 0;
  let opaque = 0;
  let subjectSum = 0;
  let subjectMin = 255;
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const alpha = data[(y * info.width + x) * info.channels + 3] ?? 0;
      const inOuter =
        x >= outer.left &&
        x < outer.left + outer.width &&
        y >= outer.top &&
        y < outer.top + outer.height;
      const inInner =
        x >= inner.left &&
        x < inner.left + inner.width &&
        y >= inner.top &&
        y < inner.top + inner.height;
      if (!inOuter) {
        background++;
        alphaSum += alpha;
        if (alpha === 0) transparent++;
      }
      if (inInner) {
        subject++;
        subjectSum += alpha;
        subjectMin = Math.min(subjectMin, alpha);
        if (alpha >= OPAQUE_ALPHA) opaque++;
      }
    }
  }
  return {
    backgroundTransparent: transparent / background,
    backgroundMeanAlpha: alphaSum / background,
    subjectOpaque: opaque / subject,
    subjectMeanAlpha: subjectSum / subject,
    subjectMinAlpha: subjectMin,
  };
}
