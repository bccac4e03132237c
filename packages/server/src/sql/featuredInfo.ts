import type { Queryable } from '../db/Db.js';

export interface FeaturedInfoRow {
  subject: string;
  description: string | null;
  banner_url: string;
  banner_url_2: string | null;
  article_url: string | null;
}

/** The featured banners in their display order. */
export async function listFeaturedInfo(db: Queryable): Promise<FeaturedInfoRow[]> {
  return db.query<FeaturedInfoRow>(
    'SELECT subject, description, banner_url, banner_url_2, article_url FROM featured_info ORDER BY position, id',
  );
}
