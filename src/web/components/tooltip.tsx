import { useEffect, useId, useState, type PointerEvent, type ReactNode } from 'react'

type TooltipProps = {
  text: string
  /** Renders the anchor; pass the id to its aria-describedby. */
  children: (tooltipId: string) => ReactNode
  className?: string
  /** 'top' for anchors at the bottom of the screen (the sticky action bar on phones). */
  placement?: 'top' | 'bottom'
  /** A tap shows the text for a moment: for disabled buttons, where a tap would otherwise do nothing at all. */
  showsOnTap?: boolean
}

const TAP_MS = 3000

/**
 * Nestmate's one tooltip. It shows while a mouse rests on the anchor or the keyboard focuses it, and hides on
 * Escape (the WAI-ARIA tooltip pattern). A touch neither hovers nor focus-visibly focuses, so a tapped button
 * leaves nothing stuck on screen; with showsOnTap a tap shows the text until the page scrolls or 3 s pass.
 * No positioning engine: the bubble is anchored to the anchor's right edge, so it never runs off the screen.
 */
export function Tooltip({ text, children, className = '', placement = 'bottom', showsOnTap }: TooltipProps) {
  const id = useId()
  const [isHovered, setIsHovered] = useState(false)
  const [isFocused, setIsFocused] = useState(false)
  const [isTapped, setIsTapped] = useState(false)
  const isOpen = isHovered || isFocused || isTapped

  useEffect(() => {
    if (!isOpen) return
    const hide = () => {
      setIsHovered(false)
      setIsFocused(false)
      setIsTapped(false)
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide()
    }
    // A tapped tooltip goes when the page moves or after a moment; nothing else would ever hide it on a phone.
    const timer = isTapped ? window.setTimeout(hide, TAP_MS) : undefined
    if (isTapped) window.addEventListener('scroll', hide, { capture: true, passive: true, once: true })
    document.addEventListener('keydown', onKey)
    return () => {
      window.clearTimeout(timer)
      window.removeEventListener('scroll', hide, { capture: true })
      document.removeEventListener('keydown', onKey)
    }
  }, [isOpen, isTapped])

  const isMouse = (event: PointerEvent) => event.pointerType !== 'touch'
  return (
    <span
      className={`relative inline-flex ${className}`}
      onPointerEnter={(event) => isMouse(event) && setIsHovered(true)}
      onPointerLeave={(event) => isMouse(event) && setIsHovered(false)}
      onPointerUp={(event) => showsOnTap && !isMouse(event) && setIsTapped(true)}
      // Only keyboard focus (:focus-visible): a tap or click focuses a button too, without asking for help.
      onFocus={(event) => setIsFocused(event.target.matches(':focus-visible'))}
      onBlur={() => {
        setIsFocused(false)
        setIsTapped(false)
      }}
    >
      {children(id)}
      <span
        id={id}
        role="tooltip"
        className={`pointer-events-none absolute right-0 z-50 w-max max-w-[min(20rem,calc(100vw-2rem))] rounded-md bg-neutral px-2.5 py-1 text-sm text-neutral-content shadow transition-opacity ${
          placement === 'top' ? 'bottom-full mb-2' : 'top-full mt-2'
        } ${isOpen ? 'visible opacity-100' : 'invisible opacity-0'}`}
      >
        {text}
      </span>
    </span>
  )
}
