// Hand-drawn slide illustrations. Shapes use daisyUI colour utilities, so they follow the light and dark themes.
type Props = { className?: string }

export function RoommatesIllustration({ className }: Props) {
  return (
    <svg viewBox="0 0 320 240" className={className} aria-hidden="true">
      <ellipse cx="160" cy="214" rx="140" ry="14" className="fill-base-300" />
      <path
        d="M60 110 160 40l100 70v100H60z"
        className="fill-base-200 stroke-base-content/20"
        strokeWidth="3"
      />
      <path
        d="M44 116 160 32l116 84"
        fill="none"
        className="stroke-primary"
        strokeWidth="12"
        strokeLinecap="round"
      />
      <rect x="138" y="150" width="44" height="60" rx="6" className="fill-primary/70" />
      <rect x="84" y="122" width="36" height="32" rx="4" className="fill-secondary/40" />
      <rect x="200" y="122" width="36" height="32" rx="4" className="fill-secondary/40" />
      <circle cx="98" cy="160" r="16" className="fill-primary" />
      <path d="M70 214c0-26 12-40 28-40s28 14 28 40z" className="fill-primary" />
      <circle cx="222" cy="160" r="16" className="fill-secondary" />
      <path d="M194 214c0-26 12-40 28-40s28 14 28 40z" className="fill-secondary" />
      <path
        d="M160 96c-6-10-22-8-22 4 0 10 22 22 22 22s22-12 22-22c0-12-16-14-22-4z"
        className="fill-error"
      />
    </svg>
  )
}

export function PrivacyIllustration({ className }: Props) {
  return (
    <svg viewBox="0 0 320 240" className={className} aria-hidden="true">
      <ellipse cx="160" cy="216" rx="130" ry="12" className="fill-base-300" />
      <rect
        x="70"
        y="40"
        width="110"
        height="170"
        rx="16"
        className="fill-base-200 stroke-base-content/20"
        strokeWidth="3"
      />
      <circle cx="125" cy="82" r="18" className="fill-primary/70" />
      <rect x="92" y="112" width="66" height="10" rx="5" className="fill-base-content/30" />
      <rect x="92" y="132" width="66" height="10" rx="5" className="fill-base-content/20" />
      <text x="92" y="172" className="fill-base-content/60 font-mono" fontSize="16">
        ••• ••• ••
      </text>
      <path d="M230 60l50 18v40c0 34-22 58-50 70-28-12-50-36-50-70V78z" className="fill-primary" />
      <rect x="212" y="112" width="36" height="30" rx="5" className="fill-primary-content" />
      <path
        d="M220 112v-10a10 10 0 0 1 20 0v10"
        fill="none"
        className="stroke-primary-content"
        strokeWidth="6"
      />
      <circle cx="230" cy="126" r="4" className="fill-primary" />
    </svg>
  )
}

export function SearchIllustration({ className }: Props) {
  return (
    <svg viewBox="0 0 320 240" className={className} aria-hidden="true">
      <path
        d="M30 60l80-24 100 24 80-24v150l-80 24-100-24-80 24z"
        className="fill-base-200 stroke-base-content/20"
        strokeWidth="3"
      />
      <path d="M110 36v150M210 60v150" className="stroke-base-content/15" strokeWidth="3" />
      <path
        d="M40 140c40-30 80 10 120-20s80-10 120-30"
        fill="none"
        className="stroke-secondary/60"
        strokeWidth="8"
      />
      <path d="M90 70a18 18 0 0 1 36 0c0 16-18 36-18 36S90 86 90 70z" className="fill-error" />
      <circle cx="108" cy="70" r="6" className="fill-base-100" />
      <path d="M196 104a18 18 0 0 1 36 0c0 16-18 36-18 36s-18-20-18-36z" className="fill-primary" />
      <circle cx="214" cy="104" r="6" className="fill-base-100" />
      <circle cx="150" cy="150" r="34" className="fill-base-100/70 stroke-base-content" strokeWidth="10" />
      <path d="M174 176l34 34" className="stroke-base-content" strokeWidth="14" strokeLinecap="round" />
    </svg>
  )
}
