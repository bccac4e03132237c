import { z } from 'zod';

/** A colour written #rgb or #rrggbb (spec §5 background colour rule). */
export const HexColor = z
  .string()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'Must be a colour written #rgb or #rrggbb');
export type HexColor = z.infer<typeof HexColor>;
