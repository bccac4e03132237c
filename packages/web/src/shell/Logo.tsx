import { useTheme } from './useTheme.js';

/**
 * The logo in its bright or dark variant by theme (spec §2 Top bar): the bright logo on the dark
 * theme, the dark logo on the light one.
 */
export function Logo({ height = 32 }: { height?: number }) {
  const [theme] = useTheme();
  const src = theme === 'dark' ? '/logo-bright.svg' : '/logo-dark.svg';
  return <img src={src} alt="Printloom" height={height} data-testid={`logo-${theme}`} />;
}
