import { z } from 'zod';

/**
 * The personalisation library (spec §2 /personalized/fonts, /personalized/cliparts; issue 16):
 * fonts and clipart images a seller uploads so buyers can personalise a product with them.
 *
 * Fonts are TrueType, OpenType, WOFF or WOFF2 files; the server parses each one and refuses a
 * file that is not a font. A font is drawn by its file address (`file_url`), like the editor's
 * bundled fonts, so the browser and the Node renderer load the very same file.
 */

export const FONT_FORMATS = ['ttf', 'otf', 'woff', 'woff2'] as const;
export const FontFormat = z.enum(FONT_FORMATS);
export type FontFormat = z.infer<typeof FontFormat>;

/** The file extensions a font upload may have. */
export const FONT_EXTENSIONS = ['.ttf', '.otf', '.woff', '.woff2'] as const;
/** The largest font file: 10 MB (a full CJK font is about that size). */
export const FONT_MAX_BYTES = 10 * 1024 * 1024;
/** Fonts a seller may keep. */
export const FONT_LIMIT = 200;

export const CLIPART_EXTENSIONS = ['.png', '.jpg', '.jpeg', '.webp', '.gif'] as const;
/** Files one clipart upload may carry. */
export const CLIPART_FILES_PER_UPLOAD = 50;
/** Images one clipart group may hold. */
export const CLIPART_GROUP_LIMIT = 500;
/** Clipart groups a seller may keep. */
export const CLIPART_GROUPS_LIMIT = 200;
export const CLIPART_GROUP_NAME_MAX = 80;

export const LIBRARY_MESSAGES = {
  fontRequired: 'Please choose a font file (TTF, OTF, WOFF or WOFF2).',
  fontType: 'A font must be a TTF, OTF, WOFF or WOFF2 file.',
  notAFont: 'This file is not a font we can read. Please upload a TTF, OTF, WOFF or WOFF2 file.',
  fontTooLarge: 'The font file is too large (at most 10 MB).',
  fontLimit: `You can keep at most ${FONT_LIMIT} fonts; delete one to add another.`,
  clipartRequired: 'Please choose one or more images (PNG, JPEG, WebP or GIF).',
  clipartTooMany: `Upload at most ${CLIPART_FILES_PER_UPLOAD} images at a time.`,
  clipartType: 'Only PNG, JPEG, WebP and GIF images can be cliparts.',
  notAnImage: 'This file is not an image we can read.',
  groupFull: `A clipart group holds at most ${CLIPART_GROUP_LIMIT} images.`,
  groupLimit: `You can keep at most ${CLIPART_GROUPS_LIMIT} clipart groups.`,
  groupNameTaken: 'You already have a clipart group with this name.',
  groupName: `Give the group a name (at most ${CLIPART_GROUP_NAME_MAX} characters).`,
} as const;

/** A font the seller uploaded; `family` is the name read from the font file itself. */
export const SellerFont = z.object({
  id: z.number().int(),
  family: z.string(),
  /** The font's full name in the file (e.g. "Lobster Regular"). */
  full_name: z.string(),
  file_name: z.string(),
  format: FontFormat,
  /** The address the editor and the renderer load the font from. */
  file_url: z.string(),
  size: z.number().int(),
  created_at: z.string(),
});
export type SellerFont = z.infer<typeof SellerFont>;

/** `POST /seller/personalized/fonts` multipart text fields beside the `file` part (none). */
export const FontUploadForm = z.object({});

export const ClipartGroupBody = z.object({
  name: z
    .string()
    .trim()
    .min(1, LIBRARY_MESSAGES.groupName)
    .max(CLIPART_GROUP_NAME_MAX, LIBRARY_MESSAGES.groupName),
});
export type ClipartGroupBody = z.infer<typeof ClipartGroupBody>;

export const ClipartGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  clipart_count: z.number().int(),
  /** The first image of the group, for a thumbnail; null when it is empty. */
  cover_url: z.string().nullable(),
  created_at: z.string(),
});
export type ClipartGroup = z.infer<typeof ClipartGroup>;

export const Clipart = z.object({
  id: z.number().int(),
  group_id: z.number().int(),
  name: z.string(),
  file_url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  created_at: z.string(),
});
export type Clipart = z.infer<typeof Clipart>;

/** `POST /seller/personalized/clipart-groups/:id/cliparts` multipart: one or more `file` parts. */
export const ClipartUploadForm = z.object({});

/** A bulk upload: the images added, and each refused file with its reason. */
export const ClipartUploadAnswer = z.object({
  added: z.array(Clipart),
  refused: z.array(z.object({ file_name: z.string(), message: z.string() })),
});
export type ClipartUploadAnswer = z.infer<typeof ClipartUploadAnswer>;

/** What the personalised home page counts. */
export const PersonalizedSummary = z.object({
  fonts: z.number().int(),
  clipart_groups: z.number().int(),
  cliparts: z.number().int(),
});
export type PersonalizedSummary = z.infer<typeof PersonalizedSummary>;

/** The format a font file name says, or null for any other file. */
export function fontFormatOfName(name: string): FontFormat | null {
  const dot = name.lastIndexOf('.');
  if (dot < 0) return null;
  const ext = name.slice(dot + 1).toLowerCase();
  return (FONT_FORMATS as readonly string[]).includes(ext) ? (ext as FontFormat) : null;
}

/** The label of a seller font in a font list: its full name, with the file when names repeat. */
export function sellerFontLabel(
  font: Pick<SellerFont, 'full_name' | 'file_name'>,
  repeated: boolean,
): string {
  return repeated ? `${font.full_name} (${font.file_name})` : font.full_name;
}
