import { z } from 'zod';
import { MOCKUP_UPLOAD_FOLDER_PREFIX } from './constants.js';

/** A rendered mockup uploaded for a campaign product (spec §3 Mockup upload record). */
export const MockupUploadRecord = z.object({
  mockup_id: z.number().int().positive(),
  product_id: z.number().int().positive(),
  campaign_id: z.number().int().positive(),
  print_space: z.string().min(1),
  is_default_mockup: z.enum(['1', '0']),
  file_url: z.string().min(1),
});
export type MockupUploadRecord = z.infer<typeof MockupUploadRecord>;

/**
 * Where a rendered mockup is uploaded (spec §7): folder 'p/{campaignId}', file named from the
 * mockup id and a timestamp the caller passes in (core keeps no clock).
 */
export function mockupUploadTarget(
  campaignId: number | string,
  mockupId: number | string,
  timestamp: number,
  extension = 'jpg',
): { filePath: string; fileName: string } {
  return {
    filePath: `${MOCKUP_UPLOAD_FOLDER_PREFIX}/${campaignId}`,
    fileName: `${mockupId}_${timestamp}.${extension}`,
  };
}

/** The full key of {@link mockupUploadTarget}: 'p/{campaignId}/{mockupId}_{timestamp}.jpg'. */
export function mockupUploadPath(
  campaignId: number | string,
  mockupId: number | string,
  timestamp: number,
  extension = 'jpg',
): string {
  const target = mockupUploadTarget(campaignId, mockupId, timestamp, extension);
  return `${target.filePath}/${target.fileName}`;
}
