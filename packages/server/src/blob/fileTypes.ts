/** File types the store accepts, by extension, with the content type served back. */
export const ALLOWED_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.glb': 'model/gltf-binary',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.csv': 'text/csv',
  '.json': 'application/json',
};

const SIGNATURES: Record<string, (b: Buffer) => boolean> = {
  'image/png': (b) =>
    b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/gif': (b) => b.subarray(0, 4).toString('latin1') === 'GIF8',
  'image/webp': (b) =>
    b.subarray(0, 4).toString('latin1') === 'RIFF' &&
    b.subarray(8, 12).toString('latin1') === 'WEBP',
  'model/gltf-binary': (b) => b.subarray(0, 4).toString('latin1') === 'glTF',
};

export const FILE_TYPE_MESSAGES = {
  notAllowed: 'This file type is not allowed.',
  mismatch: 'The file content does not match its type.',
  tooLarge: 'The file is too large.',
  empty: 'The file is empty.',
} as const;

/** The type of a file name, or null when the extension is not accepted. */
export function typeOfName(name: string): string | null {
  const dot = name.lastIndexOf('.');
  if (dot < 0) return null;
  return ALLOWED_TYPES[name.slice(dot).toLowerCase()] ?? null;
}

/** Whether the bytes really are of that type; types without a signature pass. */
export function bytesMatchType(type: string, bytes: Buffer): boolean {
  const check = SIGNATURES[type];
  return check ? check(bytes) : true;
}

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** The image type the bytes start like (PNG, JPEG, GIF or WebP), or null for anything else. */
export function imageTypeOfBytes(bytes: Buffer): (typeof IMAGE_TYPES)[number] | null {
  return IMAGE_TYPES.find((type) => bytesMatchType(type, bytes)) ?? null;
}
