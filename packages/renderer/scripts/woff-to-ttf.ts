/**
 * Unpacks a WOFF 1.0 font into the TrueType file it wraps (see src/woffToTtf.ts):
 *
 *   node scripts/woff-to-ttf.ts <in.woff> <out.ttf>
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { woffToTtf } from '../src/woffToTtf.ts';

const [input, output] = process.argv.slice(2);
if (!input || !output) throw new Error('Usage: woff-to-ttf <in.woff> <out.ttf>');
writeFileSync(output, woffToTtf(readFileSync(input)));
