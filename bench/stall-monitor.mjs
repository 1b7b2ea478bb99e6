import path from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'

// Loaded into each server with BENCH_NODE_FLAGS="--import ./bench/stall-monitor.mjs": every 100 ms in which the
// event loop was held up over 8 ms, one line on stderr (the servers' log): the server's script and pid, the longest
// delay, the wall time since the last check and the CPU time this process used in it (every thread). A stall spent
// running is the process's own work (a blocking call, a garbage collection); one spent mostly without CPU is the
// machine not running it.

// Which server logged the line: the servers of one run share their log.
const name = `${path.basename(process.argv[1] ?? 'node')}:${process.pid}`
const delays = monitorEventLoopDelay({ resolution: 1 })
delays.enable()
let cpu = process.cpuUsage()
let checked = performance.now()
setInterval(() => {
  const longest = delays.max / 1e6
  const used = process.cpuUsage(cpu)
  const now = performance.now()
  if (longest > 8)
    process.stderr.write(
      `stall ${name} ${new Date().toISOString()} longest ${longest.toFixed(1)} ms, wall ${(now - checked).toFixed(0)} ms, ` +
        `cpu ${((used.user + used.system) / 1000).toFixed(0)} ms\n`,
    )
  cpu = process.cpuUsage()
  checked = now
  delays.reset()
}, 100).unref()
