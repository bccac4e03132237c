import { z } from 'zod';
import { HexColor } from '../catalog/HexColor.js';

/** A named product colour (spec §3 Colour), e.g. `{ name: 'Black', hex_code: '#000000' }`. */
export const Colour = z.object({
  name: z.string().trim().min(1, 'Colour name is required'),
  hex_code: HexColor,
});
export type Colour = z.infer<typeof Colour>;
