import { z } from 'zod';

/**
 * A product's option lists (spec §3 Product options): `color` holds colour names, other keys
 * (size, …) list their values. `default_option` of a product names one value per key.
 */
export const ProductOptions = z
  .object({ color: z.array(z.string().min(1)).default([]) })
  .catchall(z.array(z.string().min(1)));
export type ProductOptions = z.infer<typeof ProductOptions>;
