// Preloaded into the server by the soak (node --import): one JSON line of memory figures on stderr every
// few seconds, so the soak can watch the process without any change to the app.
const interval = Number(process.env.MEMORY_PROBE_MS ?? 5000)
setInterval(() => {
  const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage()
  process.stderr.write(
    `${JSON.stringify({ memoryProbe: { at: Date.now(), rss, heapUsed, heapTotal, external, arrayBuffers } })}\n`,
  )
}, interval).unref()
