import { FaMoon, FaSun } from 'react-icons/fa6'
import { useTheme } from '../lib/theme.ts'
import { Tooltip } from './tooltip.tsx'

export function ThemeToggle() {
  const { theme, toggle } = useTheme()
  const isDark = theme === 'dark'
  return (
    <Tooltip text={isDark ? 'Switch to Light Mode' : 'Switch to Dark Mode'}>
      {(tooltipId) => (
        <button
          type="button"
          className="btn btn-circle btn-ghost"
          aria-label="Toggle theme"
          aria-describedby={tooltipId}
          onClick={toggle}
        >
          {isDark ? (
            <FaSun className="size-5" aria-hidden="true" />
          ) : (
            <FaMoon className="size-5" aria-hidden="true" />
          )}
        </button>
      )}
    </Tooltip>
  )
}
