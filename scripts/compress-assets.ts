import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

// After `vite build`: a .br and a .gz beside every text asset, at the highest levels (paid once, not per
// request). @fastify/static serves them with preCompressed (src/server/plugins/web-app.ts).
const root = path.resolve(process.argv[2] ?? 'dist/web')
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/
const MIN_BYTES = 1024

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name)
    if (statSync(file).isDirectory()) yield* files(file)
    else if (COMPRESSIBLE.test(name)) yield file
  }
}

let raw = 0
let brotli = 0
for (const file of files(root)) {
  const content = readFileSync(file)
  if (content.length < MIN_BYTES) continue
  const br = brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  })
  writeFileSync(`${file}.br`, br)
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }))
  raw += content.length
  brotli += br.length
}
console.log(`precompressed ${root}: ${(raw / 1024).toFixed(0)} kB → ${(brotli / 1024).toFixed(0)} kB brotli`)
