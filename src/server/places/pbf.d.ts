// The part of pbf's API the gazetteer uses (pbf 3 ships no types).
declare module 'pbf' {
  export default class Pbf {
    constructor(buffer: Uint8Array)
    pos: number
    length: number
    readMessage<T>(read: (tag: number, result: T, pbf: Pbf) => void, result: T): T
    readSVarint(): number
    readVarint(): number
    readString(): string
  }
}
