import { popup } from '../../components/popup.ts'

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
