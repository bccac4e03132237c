import { useNavigation } from 'react-router';

/** A thin bar at the top while a route and its data load (spec §2). */
export function LoadingBar() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div
      className="route-loading-bar"
      role="progressbar"
      aria-label="Loading page"
      data-testid="loading-bar"
    />
  );
}
