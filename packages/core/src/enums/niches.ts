import { z } from 'zod';

/**
 * Product categories, the "niches" of spec §3. The spec names 19 and shows four of them (Apparel
 * and Fashion, Home Decor, Pet Products, Personalized Gifts); the other fifteen are our decision,
 * written down in the core README. Values are stable slugs (query strings, database); labels are
 * what a seller reads.
 */
export const NICHE_LABELS = {
  apparel_and_fashion: 'Apparel and Fashion',
  home_decor: 'Home Decor',
  pet_products: 'Pet Products',
  personalized_gifts: 'Personalized Gifts',
  kitchen_and_drinkware: 'Kitchen and Drinkware',
  wall_art_and_posters: 'Wall Art and Posters',
  bags_and_accessories: 'Bags and Accessories',
  jewelry: 'Jewelry',
  stationery_and_office: 'Stationery and Office',
  kids_and_baby: 'Kids and Baby',
  sports_and_outdoors: 'Sports and Outdoors',
  holidays_and_seasonal: 'Holidays and Seasonal',
  hobbies_and_crafts: 'Hobbies and Crafts',
  music_and_entertainment: 'Music and Entertainment',
  health_and_wellness: 'Health and Wellness',
  family_and_relationships: 'Family and Relationships',
  professions_and_occupations: 'Professions and Occupations',
  humor_and_memes: 'Humor and Memes',
  travel_and_places: 'Travel and Places',
} as const;

export type Niche = keyof typeof NICHE_LABELS;
export const NICHES = Object.keys(NICHE_LABELS) as [Niche, ...Niche[]];
export const Niche = z.enum(NICHES);

/** The label a seller reads for a niche. */
export function nicheLabel(niche: Niche): string {
  return NICHE_LABELS[niche];
}
