import { z } from 'zod';

/** Longest side a custom mockup photo may have, in pixels (the 2D mockup cap, spec §3). */
export const CUSTOM_MOCKUP_MAX_SIDE = 6000;
/** Smallest print area side, in photo pixels: a smaller area cannot show a design. */
export const CUSTOM_MOCKUP_MIN_AREA_SIDE = 8;

export const CUSTOM_MOCKUP_MESSAGES = {
  created: 'Mockup saved',
  updated: 'Mockup updated',
  deleted: 'Mockup deleted',
  areaOutside: 'The print area must lie inside the photo',
  areaTooSmall: `The print area must be at least ${CUSTOM_MOCKUP_MIN_AREA_SIDE} pixels on each side`,
} as const;

const side = z.number().int().positive().max(CUSTOM_MOCKUP_MAX_SIDE);
const coordinate = z.number().int().nonnegative().max(CUSTOM_MOCKUP_MAX_SIDE);

/** The rectangle of the photo a design is drawn into, in photo pixels. */
export const CustomMockupArea = z.object({
  x: coordinate,
  y: coordinate,
  width: side,
  height: side,
});
export type CustomMockupArea = z.infer<typeof CustomMockupArea>;

/**
 * A seller's own mockup (spec §3 campaign type `mockup`): a photo they uploaded with the print
 * area marked on it. Campaigns render their design into that area with the renderer's
 * drawMockup, the photo as the mockup's background.
 */
export const CustomMockup = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  file_url: z.string(),
  width: side,
  height: side,
  print_area: CustomMockupArea,
  created_at: z.string(),
  updated_at: z.string(),
});
export type CustomMockup = z.infer<typeof CustomMockup>;

/** Where the area goes wrong against the photo, or null when it lies inside. */
export function customMockupAreaError(
  photo: { width: number; height: number },
  area: CustomMockupArea,
): string | null {
  if (area.width < CUSTOM_MOCKUP_MIN_AREA_SIDE || area.height < CUSTOM_MOCKUP_MIN_AREA_SIDE) {
    return CUSTOM_MOCKUP_MESSAGES.areaTooSmall;
  }
  if (area.x + area.width > photo.width || area.y + area.height > photo.height) {
    return CUSTOM_MOCKUP_MESSAGES.areaOutside;
  }
  return null;
}

/** `POST`/`PUT /seller/custom-mockups`: the photo (an uploaded file), its size and the area. */
export const CustomMockupBody = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(120),
    file_url: z.string().trim().min(1, 'Upload a photo').max(1000),
    width: side,
    height: side,
    print_area: CustomMockupArea,
  })
  .superRefine((body, ctx) => {
    const error = customMockupAreaError(body, body.print_area);
    if (error) ctx.addIssue({ code: 'custom', path: ['print_area'], message: error });
  });
export type CustomMockupBody = z.infer<typeof CustomMockupBody>;

/** The list's search: by name. */
export const CustomMockupListQuery = z.object({
  q: z.string().trim().max(120).optional(),
});
export type CustomMockupListQuery = z.infer<typeof CustomMockupListQuery>;

/** The mockup layers of a custom mockup for the renderer: its photo behind, its area to print. */
export function customMockupGeometry(
  mockup: Pick<CustomMockup, 'width' | 'height' | 'print_area'>,
) {
  return { width: mockup.width, height: mockup.height, printArea: { ...mockup.print_area } };
}
