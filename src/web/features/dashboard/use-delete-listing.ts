import { useFetcher } from 'react-router'
import { confirmDanger } from '../../components/popup.ts'

/**
 * Deleting one listing: asks first, naming the listing, then posts to the My Listings action (which reports the
 * outcome).
 */
export function useDeleteListing({ _id: id, title }: { _id: string; title: string }) {
  const fetcher = useFetcher<{ deleted: boolean }>()
  async function remove() {
    const isSure = await confirmDanger(
      'Are you sure?',
      `“${title}” will be deleted. You won't be able to revert this!`,
      'Yes, delete it!',
    )
    if (isSure) await fetcher.submit({ id }, { method: 'delete' })
  }
  // Gone as soon as the server confirms, before the list reloads.
  return { remove, isDeleting: fetcher.state !== 'idle', isDeleted: fetcher.data?.deleted === true }
}
