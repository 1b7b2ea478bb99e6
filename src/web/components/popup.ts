import type { SweetAlertOptions, SweetAlertResult } from 'sweetalert2'
import { currentTheme } from '../lib/theme.ts'

// The element that last had the keyboard focus outside a pop-up. A button that starts an action is often disabled
// or gone by the time its pop-up opens (a saved form, a like), so the focus the pop-up finds is already lost.
let lastFocused: Element | null = null
if (typeof document !== 'undefined')
  document.addEventListener(
    'focusin',
    (event) => {
      if (event.target instanceof Element && !event.target.closest('.swal2-container'))
        lastFocused = event.target
    },
    true,
  )

// How long a disabled button that opened a pop-up is waited for before the focus goes to the heading.
const FOCUS_WAIT_MS = 3000

const canTakeFocus = (element: Element | null): element is HTMLElement =>
  element instanceof HTMLElement &&
  element.isConnected &&
  !element.matches(':disabled') &&
  element.getClientRects().length > 0

/**
 * After a pop-up closes, the focus goes back where it was, or, when that element has gone, to the page's heading:
 * never to the start of the page.
 */
function returnFocus(before: Element | null, canWait = true) {
  const active = document.activeElement
  if (active && active !== document.body) return
  if (canTakeFocus(before)) return before.focus()
  // A button disabled while its action finishes (a failed delete whose list is reloading) gets the focus back once
  // it can take it again; if it stays disabled, the heading takes it.
  if (canWait && before instanceof HTMLElement && before.isConnected && before.matches(':disabled')) {
    const stopWaiting = () => {
      observer.disconnect()
      clearTimeout(timer)
      returnFocus(before, false)
    }
    const observer = new MutationObserver(() => {
      if (!before.matches(':disabled')) stopWaiting()
    })
    observer.observe(before, { attributes: true, attributeFilter: ['disabled'] })
    const timer = setTimeout(stopWaiting, FOCUS_WAIT_MS)
    return
  }
  const heading = document.querySelector('main h1')
  if (!(heading instanceof HTMLElement)) return
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1
  heading.focus()
}

/**
 * Shows a sweetalert2 pop-up in the current colour theme. sweetalert2 is loaded on first use only, so it never
 * weighs on a page's first load (the home page budget).
 */
export async function popup(options: SweetAlertOptions): Promise<SweetAlertResult> {
  // A pop-up opened as another closes (a confirmation, then its error) finds the focus still in the closing one:
  // it returns the focus where the first one would have.
  const active = document.activeElement
  const isOutside = active && active !== document.body && !active.closest('.swal2-container')
  const before = isOutside ? active : lastFocused
  const { default: Swal } = await import('sweetalert2')
  return Swal.fire({
    theme: currentTheme(),
    buttonsStyling: false,
    customClass: {
      actions: 'gap-3',
      confirmButton: 'btn btn-primary',
      cancelButton: 'btn btn-ghost',
      denyButton: 'btn btn-error',
    },
    ...options,
    returnFocus: false,
    didClose: () => {
      returnFocus(before)
      options.didClose?.()
    },
  })
}

/** An error pop-up; the caller does not wait for it to be closed. */
export function showError(title: string, text: string): void {
  void popup({ icon: 'error', title, text })
}

/** A success pop-up; with a timer it closes itself and resolves once it has. */
export async function showSuccess(title: string, text?: string, timer?: number): Promise<void> {
  await popup({ icon: 'success', title, text, timer, showConfirmButton: timer === undefined })
}

/** Asks before something that can't be undone; true when the person confirmed. */
export async function confirmDanger(
  title: string,
  text: string,
  confirmButtonText: string,
): Promise<boolean> {
  const answer = await popup({ icon: 'warning', title, text, confirmButtonText, showCancelButton: true })
  return answer.isConfirmed
}
