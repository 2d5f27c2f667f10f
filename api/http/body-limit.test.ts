import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { uniqueName } from '../testing/client.ts';
import { rawRequest } from '../testing/raw-http.ts';
import { startTestServer, type TestServer } from '../testing/server.ts';

/** A request body sent as a stream: Bun's fetch frames it with Transfer-Encoding: chunked and no Content-Length. */
function streamed(text: string, pieceBytes = 16 * 1024): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  return new ReadableStream({
    pull(c) {
      if (at >= bytes.length) return c.close();
      c.enqueue(bytes.subarray(at, at + pieceBytes));
      at += pieceBytes;
    },
  });
}

function chunkedFrame(text: string, pieceBytes = 4096): string {
  let out = '';
  for (let i = 0; i < text.length; i += pieceBytes) {
    const piece = text.slice(i, i + pieceBytes);
    out += `${Buffer.byteLength(piece).toString(16)}\r\n${piece}\r\n`;
  }
  return `${out}0\r\n\r\n`;
}

/** MAX_BODY_BYTES holds for bodies without a Content-Length too. */
describe('the body size cap', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(() => server.stop());

  const loginBody = (padding: number) =>
    JSON.stringify({ username: 'someone', password: 'correct horse battery', pad: 'x'.repeat(padding) });

  test('a 900 KB chunked body is refused with 413 JSON while it is read', async () => {
    const res = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: streamed(loginBody(900 * 1024)),
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: `Request body too large (limit ${server.config.maxBodyBytes} bytes)` });
  });

  test('over raw HTTP/1.1: a chunked body one byte over the cap gets 413, one at the cap is parsed as usual', async () => {
    const limit = server.config.maxBodyBytes;
    const head = (path: string) =>
      [`POST ${path} HTTP/1.1`, 'content-type: application/json', 'transfer-encoding: chunked', `origin: ${server.url}`].join(
        '\r\n',
      );
    const base = loginBody(0).length;
    const over = await rawRequest(server.url, head('/api/auth/login'), [chunkedFrame(loginBody(limit - base + 1))]);
    expect(over.status).toBe(413);
    expect(over.text).toContain('Request body too large');
    const atCap = await rawRequest(server.url, head('/api/auth/login'), [chunkedFrame(loginBody(limit - base))]);
    expect(atCap.status).toBe(401);
    expect(atCap.text).toContain('Invalid username or password');
  });

  test('a small chunked body reaches its route intact', async () => {
    const username = uniqueName('chunk');
    const res = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: streamed(JSON.stringify({ username, password: 'correct horse battery', displayName: 'Chunky' }), 7),
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(201);
    expect((await res.json()).displayName).toBe('Chunky');
  });
});
