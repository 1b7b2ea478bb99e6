type Props = { className?: string }

export function LikeToCallIllustration({ className }: Props) {
  return (
    <svg viewBox="0 0 320 240" className={className} aria-hidden="true">
      <ellipse cx="160" cy="216" rx="130" ry="12" className="fill-base-300" />
      <rect
        x="40"
        y="50"
        width="130"
        height="150"
        rx="14"
        className="fill-base-200 stroke-base-content/20"
        strokeWidth="3"
      />
      <rect x="56" y="66" width="98" height="56" rx="8" className="fill-secondary/40" />
      <rect x="56" y="134" width="80" height="10" rx="5" className="fill-base-content/30" />
      <rect x="56" y="154" width="56" height="10" rx="5" className="fill-base-content/20" />
      <path
        d="M150 176c-8-14-30-11-30 5 0 14 30 30 30 30s30-16 30-30c0-16-22-19-30-5z"
        className="fill-error"
      />
      <path
        d="M188 132h28"
        className="stroke-base-content/40"
        strokeWidth="6"
        strokeLinecap="round"
        strokeDasharray="2 12"
      />
      <rect x="220" y="40" width="72" height="140" rx="14" className="fill-primary" />
      <rect x="230" y="56" width="52" height="96" rx="6" className="fill-primary-content" />
      <path
        d="M246 86c4 12 10 18 22 22l6-6c2-2 4-2 6-1l8 4c2 1 2 3 1 5l-4 6c-20 2-46-24-44-44l6-4c2-1 4-1 5 1l4 8c1 2 1 4-1 6z"
        className="fill-primary"
        transform="translate(-14 -10) scale(0.95)"
      />
    </svg>
  )
}

export function InterestIllustration({ className }: Props) {
  return (
    <svg viewBox="0 0 320 240" className={className} aria-hidden="true">
      <ellipse cx="160" cy="216" rx="130" ry="12" className="fill-base-300" />
      <rect
        x="60"
        y="36"
        width="200"
        height="170"
        rx="16"
        className="fill-base-200 stroke-base-content/20"
        strokeWidth="3"
      />
      <rect x="80" y="56" width="160" height="60" rx="8" className="fill-primary/30" />
      <path d="M120 116l30-34 24 22 16-14 30 26z" className="fill-primary/70" />
      <rect x="80" y="132" width="110" height="12" rx="6" className="fill-base-content/30" />
      <rect x="80" y="156" width="70" height="12" rx="6" className="fill-base-content/20" />
      <circle cx="232" cy="176" r="34" className="fill-error" />
      <path
        d="M232 170c-5-9-19-7-19 3 0 9 19 19 19 19s19-10 19-19c0-10-14-12-19-3z"
        className="fill-error-content"
      />
      <text x="232" y="202" textAnchor="middle" fontSize="13" fontWeight="700" className="fill-error-content">
        +12
      </text>
    </svg>
  )
}
