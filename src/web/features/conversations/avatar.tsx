const DEFAULT_AVATAR = '/default-avatar.svg'

/** The other person's photo (their own address, which may fail: then the default), or the default for a deleted account. */
export function Avatar({ photo, className = 'size-12' }: { photo: string | null; className?: string }) {
  return (
    <img
      src={photo || DEFAULT_AVATAR}
      alt=""
      referrerPolicy="no-referrer"
      loading="lazy"
      onError={(event) => {
        if (!event.currentTarget.src.endsWith(DEFAULT_AVATAR)) event.currentTarget.src = DEFAULT_AVATAR
      }}
      className={`${className} shrink-0 rounded-full border border-base-300 object-cover`}
    />
  )
}

/** What a deleted account is called wherever its name would be. */
export const DELETED_ACCOUNT = 'Deleted account'
