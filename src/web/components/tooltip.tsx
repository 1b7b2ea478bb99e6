import { useId, type ReactNode } from 'react'

type TooltipProps = {
  text: string
  /** Renders the anchor; pass the id to its aria-describedby. */
  children: (tooltipId: string) => ReactNode
  className?: string
}

/**
 * A small tooltip shown on hover and keyboard focus, described to screen readers through aria-describedby.
 * Anchored to the right edge so it never runs off the screen. CSS only: react-tooltip's positioning engine would cost the layout ~14 kB of the home page budget.
 */
export function Tooltip({ text, children, className = '' }: TooltipProps) {
  const id = useId()
  return (
    <span className={`group relative inline-flex ${className}`}>
      {children(id)}
      <span
        id={id}
        role="tooltip"
        className="pointer-events-none invisible absolute top-full right-0 z-50 mt-2 rounded-md bg-neutral px-2.5 py-1 text-sm whitespace-nowrap text-neutral-content opacity-0 shadow transition-opacity group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100"
      >
        {text}
      </span>
    </span>
  )
}
