export function Component() {
  return <h1>Browse (building)</h1>
}
