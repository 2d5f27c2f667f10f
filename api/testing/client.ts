/**
 * An HTTP client that behaves like one browser: keeps its cookies and sends the site's Origin
 * on state-changing requests, so tests go through the same guards as players.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();
  constructor(
    readonly baseUrl: string,
    readonly origin: string = baseUrl,
  ) {}

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
    const h: Record<string, string> = { ...headers };
    if (this.cookies.size) h.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET' && method !== 'HEAD' && !('origin' in h)) h.origin = this.origin;
    let payload: BodyInit | undefined;
    if (typeof body === 'string') {
      payload = body;
      h['content-type'] ??= 'application/json';
    } else if (body !== undefined) {
      payload = JSON.stringify(body);
      h['content-type'] ??= 'application/json';
    }
    const res = await fetch(this.baseUrl + path, { method, headers: h, body: payload, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      const expired = attrs.some((a) => /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(a));
      if (!value || expired) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value);
    }
    return res;
  }

  /** The same browser talking to another server process (same cookies): a proxy without sticky sessions does this. */
  at(url: string): TestClient {
    const other = new TestClient(url);
    for (const [k, v] of this.cookies) other.cookies.set(k, v);
    return other;
  }

  get(path: string, headers?: Record<string, string>) {
    return this.request('GET', path, undefined, headers);
  }
  post(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('POST', path, body, headers);
  }
  patch(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('PATCH', path, body, headers);
  }
  delete(path: string, headers?: Record<string, string>) {
    return this.request('DELETE', path, undefined, headers);
  }

  // biome-ignore lint/suspicious/noExplicitAny: tests read answers of every shape; callers narrow with T
  async json<T = any>(res: Response | Promise<Response>): Promise<T> {
    return (await (await res).json()) as T;
  }

  /** Registers a fresh account and keeps its session. */
  async register(username: string, extra: Record<string, string> = {}): Promise<{ id: string }> {
    const res = await this.post('/api/auth/register', { username, password: 'correct horse battery', ...extra });
    if (res.status !== 201) throw new Error(`register ${username}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { id: string };
  }
}

let counter = 0;
/** A username unique within this test run. */
export function uniqueName(prefix = 'u'): string {
  counter += 1;
  return `${prefix}${counter}_${Math.random().toString(36).slice(2, 8)}`.slice(0, 24);
}
