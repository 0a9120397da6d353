import type { TGameCategory } from '@lc/shared/providers';

/** Decorative illustrations of the six game categories (pure SVG, no external images). */
export function CategoryArt({ category }: { category: TGameCategory }) {
  return (
    <svg viewBox="0 0 120 90" className="category-art" aria-hidden="true" focusable="false">
      {ART[category]}
    </svg>
  );
}

const ART: Record<TGameCategory, React.ReactNode> = {
  slot: (
    <>
      <rect x="18" y="14" width="84" height="62" rx="10" fill="#2b1a55" stroke="#f5c53a" strokeWidth="3" />
      <rect x="26" y="26" width="20" height="34" rx="4" fill="#fff8e1" />
      <rect x="50" y="26" width="20" height="34" rx="4" fill="#fff8e1" />
      <rect x="74" y="26" width="20" height="34" rx="4" fill="#fff8e1" />
      <text x="36" y="50" textAnchor="middle" fontSize="18" fontWeight="800" fill="#d6336c">
        7
      </text>
      <text x="60" y="50" textAnchor="middle" fontSize="18" fontWeight="800" fill="#d6336c">
        7
      </text>
      <text x="84" y="50" textAnchor="middle" fontSize="18" fontWeight="800" fill="#d6336c">
        7
      </text>
      <path d="M102 30h6v20" stroke="#f5c53a" strokeWidth="3" fill="none" strokeLinecap="round" />
      <circle cx="108" cy="26" r="5" fill="#e03131" />
    </>
  ),
  sport: (
    <>
      <circle cx="60" cy="45" r="30" fill="#f8f9fa" stroke="#f5c53a" strokeWidth="3" />
      <path d="m60 30 13 9-5 15H52l-5-15z" fill="#1d2546" />
      <path
        d="M60 15v15M73 39l14-6M68 54l9 13M52 54l-9 13M47 39l-14-6"
        stroke="#1d2546"
        strokeWidth="2.5"
        strokeLinecap="round"
      />
    </>
  ),
  casino: (
    <>
      <circle cx="46" cy="48" r="26" fill="#c92a2a" stroke="#f5c53a" strokeWidth="3" />
      <circle cx="46" cy="48" r="16" fill="none" stroke="#fff8e1" strokeWidth="3" strokeDasharray="6 5" />
      <circle cx="46" cy="48" r="7" fill="#f5c53a" />
      <circle cx="84" cy="40" r="20" fill="#1971c2" stroke="#f5c53a" strokeWidth="3" />
      <circle cx="84" cy="40" r="11" fill="none" stroke="#fff8e1" strokeWidth="3" strokeDasharray="5 4" />
    </>
  ),
  fish: (
    <>
      <path d="M20 45c14-20 46-22 62 0-16 22-48 20-62 0z" fill="#f59f00" stroke="#fff8e1" strokeWidth="2" />
      <path d="m82 45 18-14v28z" fill="#f76707" />
      <circle cx="36" cy="41" r="4" fill="#1d2546" />
      <path d="M52 34c4 6 4 16 0 22" stroke="#fff8e1" strokeWidth="2.5" fill="none" />
      <circle cx="96" cy="18" r="5" fill="none" stroke="#74c0fc" strokeWidth="2" />
      <circle cx="104" cy="30" r="3" fill="none" stroke="#74c0fc" strokeWidth="2" />
      <path
        d="M8 76c10-6 20 6 30 0s20 6 30 0 20 6 30 0 14 4 14 4"
        stroke="#4dabf7"
        strokeWidth="3"
        fill="none"
      />
    </>
  ),
  card: (
    <>
      <rect
        x="30"
        y="16"
        width="42"
        height="60"
        rx="6"
        fill="#fff8e1"
        stroke="#f5c53a"
        strokeWidth="2.5"
        transform="rotate(-12 51 46)"
      />
      <rect
        x="50"
        y="14"
        width="42"
        height="60"
        rx="6"
        fill="#ffffff"
        stroke="#f5c53a"
        strokeWidth="2.5"
        transform="rotate(10 71 44)"
      />
      <text
        x="72"
        y="52"
        textAnchor="middle"
        fontSize="26"
        fontWeight="800"
        fill="#c92a2a"
        transform="rotate(10 71 44)"
      >
        A
      </text>
      <path d="m72 56 6 8-6 6-6-6z" fill="#c92a2a" transform="rotate(10 71 44)" />
    </>
  ),
  chicken: (
    <>
      <ellipse cx="58" cy="54" rx="28" ry="22" fill="#fff8e1" />
      <circle cx="80" cy="32" r="14" fill="#fff8e1" />
      <path d="M76 16c2-6 8-6 8 0 2-5 8-3 6 3" fill="#e03131" />
      <path d="m93 32 10 4-10 4z" fill="#f59f00" />
      <circle cx="83" cy="29" r="2.5" fill="#1d2546" />
      <path d="M86 42c2 4 0 8-4 7" fill="#e03131" />
      <path d="M30 44c-10-10-14 6-8 12" fill="#f5c53a" />
      <path d="M52 76v8M64 76v8" stroke="#f59f00" strokeWidth="3" strokeLinecap="round" />
    </>
  ),
};
