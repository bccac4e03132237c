/**
 * Width and height of a PNG, JPEG, WebP or GIF from its header, read before decoding so an
 * oversized image is refused without allocating its pixels.
 */
export function imageSize(data: Uint8Array): { width: number; height: number; format: string } {
  const b = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (
    b.length >= 24 &&
    b.readUInt32BE(0) === 0x89504e47 &&
    b.toString('latin1', 12, 16) === 'IHDR'
  ) {
    return { width: b.readUInt32BE(16), height: b.readUInt32BE(20), format: 'png' };
  }
  if (b.length >= 10 && b.toString('latin1', 0, 3) === 'GIF') {
    return { width: b.readUInt16LE(6), height: b.readUInt16LE(8), format: 'gif' };
  }
  if (
    b.length >= 30 &&
    b.toString('latin1', 0, 4) === 'RIFF' &&
    b.toString('latin1', 8, 12) === 'WEBP'
  ) {
    const chunk = b.toString('latin1', 12, 16);
    if (chunk === 'VP8X')
      return { width: 1 + b.readUIntLE(24, 3), height: 1 + b.readUIntLE(27, 3), format: 'webp' };
    if (chunk === 'VP8L') {
      const bits = b.readUInt32LE(21);
      return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff), format: 'webp' };
    }
    if (chunk === 'VP8 ')
      return {
        width: b.readUInt16LE(26) & 0x3fff,
        height: b.readUInt16LE(28) & 0x3fff,
        format: 'webp',
      };
  }
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8) {
    let at = 2;
    while (at + 9 < b.length) {
      if (b[at] !== 0xff) {
        at++;
        continue;
      }
      const marker = b[at + 1]!;
      // Start-of-frame markers carry the size; DHT (C4), JPG (C8) and DAC (CC) do not.
      if (
        marker >= 0xc0 &&
        marker <= 0xcf &&
        marker !== 0xc4 &&
        marker !== 0xc8 &&
        marker !== 0xcc
      ) {
        return { height: b.readUInt16BE(at + 5), width: b.readUInt16BE(at + 7), format: 'jpeg' };
      }
      if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
        at += 2;
        continue;
      }
      at += 2 + b.readUInt16BE(at + 2);
    }
  }
  throw new Error('Not a PNG, JPEG, WebP or GIF image');
}
