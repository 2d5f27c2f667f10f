import { expect, test } from 'bun:test';
import zlib from 'node:zlib';
import { fixedPart, JsonParts } from './gzip-parts.ts';

const decoder = new TextDecoder();
/** Both decoders check the CRC-32 and the length in the trailer, and refuse a stream that does not end. */
function unzipped(gz: Uint8Array<ArrayBuffer>): string {
  const viaNode = zlib.gunzipSync(gz).toString();
  expect(decoder.decode(Bun.gunzipSync(gz))).toBe(viaNode);
  return viaNode;
}

const noise = (n: number, seed: number) => {
  let x = seed;
  return Array.from({ length: n }, () => {
    x = (x * 1103515245 + 12345) >>> 0;
    return String.fromCharCode(33 + (x % 90));
  }).join('');
};

test('fixed segments and changing runs, large and small, make one gzip member that decodes to the text', () => {
  const a = fixedPart(`{"tiles":"${'A'.repeat(20_000)}${noise(3000, 1)}"}`);
  const b = fixedPart(`{"tiles":"${noise(40_000, 2)}"}`);
  const body = new JsonParts()
    .text('{"chunks":[')
    .part(a)
    .text(',')
    .part(b)
    .text(`],"pois":[${noise(5000, 3)}],"é":"ü€"}`);
  const text = decoder.decode(body.bytes());
  expect(unzipped(body.gzip())).toBe(text);
  // The same cached segments again, in another order and company.
  const again = new JsonParts().text('[').part(b).text(',').part(a).text(',').part(b).text(']');
  expect(unzipped(again.gzip())).toBe(decoder.decode(again.bytes()));
});

test('a body of changing text only, and an empty one, are valid gzip too', () => {
  expect(unzipped(new JsonParts().text('{"a":1}').gzip())).toBe('{"a":1}');
  expect(unzipped(new JsonParts().text(noise(70_000, 4)).gzip())).toBe(noise(70_000, 4));
  expect(unzipped(new JsonParts().gzip())).toBe('');
});

test('the cached segments go out as they are: a repeated part costs its segment, not a new compression', () => {
  const tile = fixedPart(JSON.stringify({ tiles: noise(30_000, 5) }));
  const once = new JsonParts().part(tile).gzip();
  const twice = new JsonParts().part(tile).text(',').part(tile).gzip();
  // A fresh compression would find the second copy in its window and add almost nothing.
  expect(twice.length - once.length).toBeGreaterThanOrEqual(tile.deflated!.length);
});

test('the response says what it is', async () => {
  const body = new JsonParts().text('{"a":').part(fixedPart('"b"')).text('}');
  const gz = body.response(true);
  expect(gz.headers.get('content-encoding')).toBe('gzip');
  expect(gz.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(unzipped(new Uint8Array(await gz.arrayBuffer()))).toBe('{"a":"b"}');
  const plain = body.response(false);
  expect(plain.headers.get('content-encoding')).toBeNull();
  expect(await plain.json()).toEqual({ a: 'b' });
});
