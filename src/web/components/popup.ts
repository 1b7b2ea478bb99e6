import type { SweetAlertOptions, SweetAlertResult } from 'sweetalert2'
import { currentTheme } from '../lib/theme.ts'

/**
 * Shows a sweetalert2 pop-up in the current colour theme. sweetalert2 is loaded on first use only, so it never
 * weighs on a page's first load (the home page budget).
 */
export async function popup(options: SweetAlertOptions): Promise<SweetAlertResult> {
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
