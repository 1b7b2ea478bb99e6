import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'

// Loaded into each server with BENCH_NODE_FLAGS="--import ./bench/stall-monitor.mjs": every 100 ms in which the
// event loop was held up over 8 ms, one line on stderr (the servers' log): the server's script and pid, the longest
// delay, the wall time since the last check, the CPU time this process used in it (every thread), and on Linux what
// the main thread did with the wall time: ran, waited for a CPU (runnable, not run), or neither (blocked in a system
// call or asleep). A stall spent running is the process's own work (a blocking call, a garbage collection); one
// spent waiting for a CPU is the machine not running it; one spent in neither is the thread blocked, say on a disk.

// Which server logged the line: the servers of one run share their log.
const name = `${path.basename(process.argv[1] ?? 'node')}:${process.pid}`
// The main thread's scheduler counters (this module runs on it): ns on a CPU, ns waiting for one.
const SCHEDSTAT = '/proc/thread-self/schedstat'
const hasSchedstat = existsSync(SCHEDSTAT)
const sched = () => readFileSync(SCHEDSTAT, 'utf8').split(' ').slice(0, 2).map(Number)
const delays = monitorEventLoopDelay({ resolution: 1 })
delays.enable()
let cpu = process.cpuUsage()
let thread = hasSchedstat ? sched() : [0, 0]
let checked = performance.now()
setInterval(() => {
  const longest = delays.max / 1e6
  const used = process.cpuUsage(cpu)
  const now = performance.now()
  const threadNow = hasSchedstat ? sched() : [0, 0]
  if (longest > 8) {
    const wall = now - checked
    const ran = (threadNow[0] - thread[0]) / 1e6
    const waited = (threadNow[1] - thread[1]) / 1e6
    const main = hasSchedstat
      ? `; main thread ran ${ran.toFixed(0)} ms, waited for a CPU ${waited.toFixed(0)} ms, ` +
        `neither ${Math.max(0, wall - ran - waited).toFixed(0)} ms`
      : ''
    process.stderr.write(
      `stall ${name} ${new Date().toISOString()} longest ${longest.toFixed(1)} ms, wall ${wall.toFixed(0)} ms, ` +
        `cpu ${((used.user + used.system) / 1000).toFixed(0)} ms${main}\n`,
    )
  }
  cpu = process.cpuUsage()
  thread = threadNow
  checked = now
  delays.reset()
}, 100).unref()
