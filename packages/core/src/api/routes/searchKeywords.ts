import { SearchKeywordListQuery, SearchKeywordRow } from '../../store/searchKeywords.js';
import { paginated } from '../pagination.js';
import { ANY_MEMBER, route } from './RouteContract.js';

/** What buyers searched in the seller's stores (issue 12; spec §2 /search-keyword). */
export const searchKeywords = {
  list: route({
    method: 'GET',
    path: '/seller/search-keywords',
    summary: 'Search keywords of the stores with their counts, in a time range',
    description:
      'Ranges are whole days in the seller’s utc_offset, matched against the UTC day each search was counted on.',
    tags: ['search keywords'],
    permission: ANY_MEMBER,
    query: SearchKeywordListQuery,
    response: paginated(SearchKeywordRow),
    errors: [404],
  }),
} as const;
