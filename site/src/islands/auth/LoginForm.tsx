import { useEffect, useState, type FormEvent } from 'react';
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_PATTERN, USERNAME_RULE } from '../../../../api/game/accounts.ts';
import { api, unwrap } from '../../lib/api.ts';

type Mode = 'signin' | 'register';

/** The browser's own message for a pattern says only 'match the requested format': ours says what the rule is. */
function checkUsername(input: HTMLInputElement): void {
  const value = input.value.trim();
  input.setCustomValidity(value && !USERNAME_PATTERN.test(value) ? `Usernames are ${USERNAME_RULE}.` : '');
}

/** Sign in, or create an account; both end on the lobby. */
export default function LoginForm() {
  const [mode, setMode] = useState<Mode>('signin');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  // /login?mode=register (the landing page's "Enter the Wasteland", through /api/login?signup) opens on sign-up;
  // read after hydration, as the page is prerendered without the query.
  useEffect(() => {
    if (new URLSearchParams(location.search).get('mode') === 'register') setMode('register');
  }, []);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const username = String(form.get('username') ?? '').trim();
    const password = String(form.get('password') ?? '');
    setPending(true);
    setError(null);
    try {
      if (mode === 'signin') {
        await unwrap(api.api.auth.login.post({ username, password }));
      } else {
        const displayName = String(form.get('displayName') ?? '').trim();
        const email = String(form.get('email') ?? '').trim();
        await unwrap(
          api.api.auth.register.post({
            username,
            password,
            ...(displayName ? { displayName } : {}),
            ...(email ? { email } : {}),
          }),
        );
      }
      location.href = '/lobby';
    } catch (err) {
      setError((err as Error).message.replace(/^\d+: /, ''));
      setPending(false);
    }
  }

  const registering = mode === 'register';
  return (
    <div className="wl-panel login-panel">
      <div role="tablist" aria-label="Sign in or create an account" className="login-tabs">
        <button
          type="button"
          role="tab"
          aria-selected={!registering}
          className={`wl-button ${registering ? 'wl-button--ghost' : ''}`}
          onClick={() => {
            setMode('signin');
            setError(null);
          }}
        >
          Sign in
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={registering}
          className={`wl-button ${registering ? '' : 'wl-button--ghost'}`}
          onClick={() => {
            setMode('register');
            setError(null);
          }}
        >
          Create account
        </button>
      </div>
      <form onSubmit={submit} aria-label={registering ? 'Create account' : 'Sign in'}>
        <div className="wl-field">
          <label htmlFor="login-username">Username</label>
          <input
            id="login-username"
            name="username"
            autoComplete="username"
            required
            maxLength={24}
            aria-describedby={registering ? 'login-username-rule' : undefined}
            onInput={(e) => checkUsername(e.currentTarget)}
          />
          {registering && (
            <span id="login-username-rule" className="wl-field__hint">
              {USERNAME_RULE}
            </span>
          )}
        </div>
        <label className="wl-field">
          Password
          <input
            name="password"
            type="password"
            autoComplete={registering ? 'new-password' : 'current-password'}
            required
            minLength={registering ? PASSWORD_MIN : 1}
            maxLength={PASSWORD_MAX}
          />
        </label>
        {registering && (
          <>
            <label className="wl-field">
              Display name <span className="wl-muted">(optional)</span>
              <input name="displayName" maxLength={32} autoComplete="nickname" />
            </label>
            <label className="wl-field">
              Email <span className="wl-muted">(optional)</span>
              <input name="email" type="email" autoComplete="email" />
            </label>
          </>
        )}
        {error && (
          <p role="alert" className="wl-error">
            {error}
          </p>
        )}
        <button className="wl-button" type="submit" disabled={pending}>
          {pending ? 'Please wait...' : registering ? 'Create account' : 'Sign in'}
        </button>
      </form>
    </div>
  );
}
