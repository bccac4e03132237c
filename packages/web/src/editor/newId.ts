let counter = 0;

/**
 * An id for a new design object, unique within a design. crypto.randomUUID needs a secure
 * context, which a dashboard reached over plain http on a LAN is not.
 */
export function newObjectId(prefix: 'text' | 'image'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter.toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
}
