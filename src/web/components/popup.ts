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
