import { useMatches } from 'react-router';

/** The title the route table gives the current page. */
export function usePageTitle(): string {
  const match = useMatches().at(-1);
  const handle = match?.handle;
  return typeof handle === 'object' && handle !== null && 'title' in handle
    ? String((handle as { title: unknown }).title)
    : '';
}
