import { useEffect, useId, useRef, useState } from 'react'
import { FaBars, FaXmark } from 'react-icons/fa6'
import { useLocation } from 'react-router'
import { NavItems } from './nav-links.tsx'

/** The phone-width dropdown: a real button with aria-expanded, closed by Escape, an outside click or navigation. */
export function MobileMenu() {
  const [isOpen, setIsOpen] = useState(false)
  const menuId = useId()
  const rootRef = useRef<HTMLDivElement>(null)
  const { pathname } = useLocation()
  const [openedAt, setOpenedAt] = useState(pathname)
  if (isOpen && openedAt !== pathname) setIsOpen(false)

  useEffect(() => {
    if (!isOpen) return
    const close = (event: Event) => {
      if (
        event instanceof KeyboardEvent
          ? event.key === 'Escape'
          : !rootRef.current?.contains(event.target as Node)
      )
        setIsOpen(false)
    }
    document.addEventListener('keydown', close)
    document.addEventListener('pointerdown', close)
    return () => {
      document.removeEventListener('keydown', close)
      document.removeEventListener('pointerdown', close)
    }
  }, [isOpen])

  return (
    <div className="relative lg:hidden" ref={rootRef}>
      <button
        type="button"
        className="btn btn-square btn-ghost"
        aria-label="Menu"
        aria-expanded={isOpen}
        aria-controls={menuId}
        onClick={() => {
          setOpenedAt(pathname)
          setIsOpen(!isOpen)
        }}
      >
        {isOpen ? (
          <FaXmark className="size-5" aria-hidden="true" />
        ) : (
          <FaBars className="size-5" aria-hidden="true" />
        )}
      </button>
      <ul
        id={menuId}
        hidden={!isOpen}
        className="menu absolute left-0 z-50 mt-2 w-56 rounded-box border border-base-300 bg-base-100 p-2 shadow-lg"
      >
        <NavItems />
      </ul>
    </div>
  )
}
