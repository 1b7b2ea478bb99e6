import { FaMoon, FaSun } from 'react-icons/fa6'
import { Tooltip } from 'react-tooltip'
import { useTheme } from '../lib/theme.ts'

export function ThemeToggle() {
  const { theme, toggle } = useTheme()
  const isDark = theme === 'dark'
  return (
    <>
      <button
        type="button"
        className="btn btn-circle btn-ghost"
        aria-label="Toggle theme"
        data-tooltip-id="theme-toggle-tip"
        data-tooltip-content={isDark ? 'Switch to Light Mode' : 'Switch to Dark Mode'}
        onClick={toggle}
      >
        {isDark ? (
          <FaSun className="size-5" aria-hidden="true" />
        ) : (
          <FaMoon className="size-5" aria-hidden="true" />
        )}
      </button>
      <Tooltip id="theme-toggle-tip" place="bottom" className="z-50" />
    </>
  )
}
