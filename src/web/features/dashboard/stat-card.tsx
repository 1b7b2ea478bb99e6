import type { ReactNode } from 'react'
import type { IconType } from 'react-icons'

type StatCardProps = { label: string; value: ReactNode; icon: IconType; isText?: boolean }

export function StatCard({ label, value, icon: Icon, isText }: StatCardProps) {
  return (
    <li className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body flex-row items-center gap-4">
        <span className="rounded-full bg-primary/10 p-3 text-primary">
          <Icon className="size-6" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <p className="text-sm text-base-content/80">{label}</p>
          <p className={isText ? 'font-semibold' : 'text-2xl font-bold'}>{value}</p>
        </div>
      </div>
    </li>
  )
}
