import { createServer } from 'node:net';

/** A TCP port free on loopback right now (Node APIs only: the Playwright fixtures import it too). */
export function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => res(port));
    });
    srv.on('error', rej);
  });
}
