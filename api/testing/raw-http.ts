import { connect } from 'node:net';

/**
 * Sends `head` (request line and headers, without the blank line) and then `body` chunks over a plain TCP
 * socket and answers the status and the raw rest of the answer: for requests `fetch` cannot make (a WebSocket
 * upgrade whose refusal we want to read, a hand-framed chunked body).
 */
export function rawRequest(
  baseUrl: string,
  head: string,
  body: (string | Uint8Array)[] = [],
): Promise<{ status: number; text: string }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(`${head}\r\nhost: ${hostname}:${port}\r\nconnection: close\r\n\r\n`);
      for (const part of body) socket.write(part);
    });
    const parts: Buffer[] = [];
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      const text = Buffer.concat(parts).toString('utf8');
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0);
      socket.destroy();
      resolve({ status, text });
    };
    socket.on('data', (d: Buffer) => {
      parts.push(d);
      // Refusals close the connection; an answer with a complete JSON body is enough to stop reading.
      if (/\r\n\r\n[\s\S]*\}\s*$/.test(Buffer.concat(parts).toString('utf8'))) finish();
    });
    socket.on('end', finish);
    socket.on('close', finish);
    socket.on('error', (e) => (parts.length ? finish() : reject(e)));
    socket.setTimeout(5000, finish);
  });
}
