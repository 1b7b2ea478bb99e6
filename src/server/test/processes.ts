/** Whether the process `pid` still runs (signal 0 only asks). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}
