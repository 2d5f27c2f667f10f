/** Every error response body, REST and socket alike. */
export interface ApiErrorBody {
  message: string;
}

/** Turns a non-OK response into the spec's error text: "<status>: <message>" (status text if the body is empty). */
export async function errorFromResponse(res: Response): Promise<Error & { status: number }> {
  let text = '';
  try {
    text = await res.text();
  } catch {
    text = '';
  }
  let message = text;
  try {
    const body = JSON.parse(text) as Partial<ApiErrorBody>;
    if (body && typeof body.message === 'string') message = body.message;
  } catch {
    // A non-JSON body is shown as it is.
  }
  const err = new Error(`${res.status}: ${message || res.statusText}`) as Error & { status: number };
  err.status = res.status;
  return err;
}

/** The spec recognises unauthorised failures by a 401 status whose text says Unauthorized. */
export function isUnauthorizedError(err: unknown): boolean {
  return err instanceof Error && /^401: .*Unauthorized/.test(err.message);
}
