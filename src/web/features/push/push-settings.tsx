import { useEffect, useState } from 'react'
import { PUSH_KINDS, type PushKind, type PushSubscriptionAnswer } from '#shared/push.ts'
import { showError } from '../../components/popup.ts'
import { changePushKinds, getPushDevices, removePushDevice } from './api.ts'
import { canPush, currentSubscription, turnOnHere } from './this-device.ts'

const KIND_LABELS: Record<PushKind, string> = {
  messages: 'New messages',
  viewings: 'Viewings',
  alerts: 'Instant saved-search alerts',
}

const dateOf = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' })

function KindChoices({
  legend,
  kinds,
  onChange,
}: {
  legend: string
  kinds: PushKind[]
  onChange: (kinds: PushKind[]) => void
}) {
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {PUSH_KINDS.map((kind) => (
        <label key={kind} className="flex min-h-11 cursor-pointer items-center gap-3">
          <input
            type="checkbox"
            className="checkbox checkbox-primary"
            checked={kinds.includes(kind)}
            onChange={(event) =>
              onChange(event.target.checked ? [...kinds, kind] : kinds.filter((other) => other !== kind))
            }
          />
          {KIND_LABELS[kind]}
        </label>
      ))}
    </fieldset>
  )
}

/**
 * Notifications, per device (docs/api.md, Push): turn them on here with a button (the browser asks for permission
 * only then), what each device is told, and the devices with Remove.
 */
export function PushSettings({ initialDevices }: { initialDevices: PushSubscriptionAnswer[] | null }) {
  const [devices, setDevices] = useState(initialDevices ?? [])
  const [hereEndpoint, setHereEndpoint] = useState<string | null>(null)
  const [newKinds, setNewKinds] = useState<PushKind[]>([...PUSH_KINDS])
  const [isBusy, setIsBusy] = useState(false)
  const [refusal, setRefusal] = useState<string>()
  // A signed-in page, never prerendered: the browser's abilities can be read in the first render.
  const [isSupported] = useState(canPush)

  useEffect(() => {
    void currentSubscription().then((subscription) => setHereEndpoint(subscription?.endpoint ?? null))
  }, [])

  const isOnHere = devices.some((device) => device.endpoint === hereEndpoint)

  async function turnOn() {
    setIsBusy(true)
    setRefusal(undefined)
    try {
      const refused = await turnOnHere(newKinds)
      if (refused) setRefusal(refused)
      else {
        const subscription = await currentSubscription()
        setHereEndpoint(subscription?.endpoint ?? null)
        setDevices(await getPushDevices())
      }
    } catch {
      setRefusal('Notifications could not be turned on in this browser.')
    } finally {
      setIsBusy(false)
    }
  }

  async function change(device: PushSubscriptionAnswer, kinds: PushKind[]) {
    setDevices((all) => all.map((one) => (one._id === device._id ? { ...one, kinds } : one)))
    try {
      await changePushKinds(device._id, kinds)
    } catch {
      setDevices((all) => all.map((one) => (one._id === device._id ? device : one)))
      showError('Not saved', 'What this device is told could not be changed.')
    }
  }

  async function remove(device: PushSubscriptionAnswer) {
    try {
      await removePushDevice(device._id)
      if (device.endpoint === hereEndpoint) {
        await (await currentSubscription())?.unsubscribe()
        setHereEndpoint(null)
      }
      setDevices((all) => all.filter((one) => one._id !== device._id))
    } catch {
      showError('Not removed', 'The device could not be removed.')
    }
  }

  return (
    <section aria-labelledby="notifications" className="flex flex-col gap-4">
      <h2 id="notifications" className="text-xl font-semibold">
        Notifications
      </h2>
      <p className="text-sm text-base-content/80">
        Be told at once on your phone or computer. A notification names who wrote, never what they wrote.
      </p>
      {!isSupported ? (
        <p>This browser can't show notifications from websites.</p>
      ) : (
        !isOnHere && (
          <div className="flex flex-col gap-3 rounded-box border border-base-300 p-4">
            <KindChoices legend="On this device, tell me of" kinds={newKinds} onChange={setNewKinds} />
            <button
              type="button"
              className="btn btn-primary self-start"
              disabled={isBusy || newKinds.length === 0}
              onClick={() => void turnOn()}
            >
              Turn on notifications on this device
            </button>
            {refusal && (
              <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
                {refusal}
              </p>
            )}
          </div>
        )
      )}
      {devices.length > 0 && (
        <ul aria-label="Devices that receive notifications" className="flex flex-col gap-3">
          {devices.map((device) => (
            <li key={device._id} className="flex flex-col gap-3 rounded-box border border-base-300 p-4">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div>
                  <p className="font-semibold">
                    {device.device}
                    {device.endpoint === hereEndpoint && (
                      <span className="badge badge-outline ml-2 align-middle">This device</span>
                    )}
                  </p>
                  <p className="text-sm text-base-content/80">
                    Added {dateOf(device.createdAt)} ·{' '}
                    {device.lastUsedAt ? `last notified ${dateOf(device.lastUsedAt)}` : 'not notified yet'}
                  </p>
                </div>
                <button
                  type="button"
                  className="btn btn-outline btn-sm min-h-11"
                  aria-label={`Remove ${device.device}${device.endpoint === hereEndpoint ? ' (this device)' : ''}`}
                  onClick={() => void remove(device)}
                >
                  Remove
                </button>
              </div>
              <KindChoices
                legend={`Tell ${device.device} of`}
                kinds={device.kinds}
                onChange={(kinds) => void change(device, kinds)}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
