import { useTheme } from './useTheme.js';

/** The mark's colour and the word's colour per theme: the bright logo on dark, the dark on light. */
const COLOURS = {
  light: { mark: '#5b3cc4', word: '#212529' },
  dark: { mark: '#8c73ff', word: '#f8f9fa' },
} as const;

/**
 * The logo in its bright or dark variant by theme (spec §2 Top bar). Drawn inline, the same
 * drawing as public/logo-*.svg: as an image file it was the login page's largest paint and
 * waited for its own request after the page's code (Lighthouse: 1.9 s of load delay on a phone).
 */
export function Logo({ height = 32 }: { height?: number }) {
  const [theme] = useTheme();
  const colour = COLOURS[theme];
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 160 32"
      height={height}
      width={height * 5}
      role="img"
      aria-label="Printloom"
      data-testid={`logo-${theme}`}
    >
      <rect x="2" y="4" width="24" height="24" rx="6" fill={colour.mark} />
      <path
        d="M9 10h7a5 5 0 0 1 0 10h-3v4H9z M13 13.5v3h3a1.5 1.5 0 0 0 0-3z"
        fill="#fff"
        fillRule="evenodd"
      />
      <text
        x="34"
        y="23"
        fontFamily="system-ui,Segoe UI,Arial,sans-serif"
        fontSize="18"
        fontWeight="700"
        fill={colour.word}
      >
        Printloom
      </text>
    </svg>
  );
}
