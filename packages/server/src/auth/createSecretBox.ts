import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Seals secrets a seller hands us (a Klaviyo private key) before they are stored: AES-256-GCM
 * with a key derived from the server secret (PRINTLOOM_SECRET) by HKDF-SHA256, a fresh 12-byte
 * nonce per value, and `context` (e.g. `klaviyo:12` for store 12) bound in as associated data, so
 * a sealed value copied to another row does not open. Sealed text: `v1.<nonce>.<tag>.<cipher>`,
 * base64url parts. A database dump alone does not reveal the secrets.
 */
export interface SecretBox {
  seal(plain: string, context: string): string;
  /** The plain secret, or null when the text was not sealed by this server secret and context. */
  open(sealed: string, context: string): string | null;
}

const VERSION = 'v1';
const NONCE_BYTES = 12;

export function isSealed(text: string): boolean {
  return text.startsWith(`${VERSION}.`);
}

/** `purpose` separates the keys of different secrets derived from one server secret. */
export function createSecretBox(serverSecret: string, purpose = 'store-secrets/v1'): SecretBox {
  const key = Buffer.from(
    hkdfSync('sha256', serverSecret, 'printloom', purpose, 32) as ArrayBuffer,
  );
  return {
    seal(plain, context) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, nonce, cipher.getAuthTag(), body]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed, context) {
      const [version, nonce, tag, body, extra] = sealed.split('.');
      if (version !== VERSION || !nonce || !tag || body === undefined || extra !== undefined)
        return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([
          decipher.update(Buffer.from(body, 'base64url')),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
