import { expect, signUp, test, uniqueUser, waitForIslands } from './fixtures.ts';

test('a visitor goes from the landing page through sign-up to the lobby, and logs out', async ({ page, server }) => {
  await page.goto(server.url);
  await page.getByRole('link', { name: 'Play Now' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await waitForIslands(page);

  const username = uniqueUser('e2e');
  await page.getByRole('tab', { name: 'Create account' }).click();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('correct horse battery');
  await page.getByLabel(/Display name/).fill('Wanderer Joe');
  await page.getByRole('button', { name: 'Create account', exact: true }).last().click();
  await expect(page).toHaveURL(/\/lobby$/);

  const me = await page.request.get(`${server.url}/api/auth/user`);
  expect(me.status()).toBe(200);
  expect((await me.json()).displayName).toBe('Wanderer Joe');

  await page.getByRole('button', { name: 'Exit' }).click();
  await expect(page).toHaveURL(`${server.url}/`);
  expect((await page.request.get(`${server.url}/api/auth/user`)).status()).toBe(401);
});

test('a wrong password shows the server message and keeps the visitor on the sign-in page', async ({ page, server }) => {
  const username = await signUp(page, server);
  await page.context().clearCookies();
  await page.goto(`${server.url}/login`);
  await waitForIslands(page);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).last().click();
  await expect(page.getByRole('alert')).toHaveText('Invalid username or password');
  await expect(page).toHaveURL(/\/login$/);
});

test('visitors see Authentication Required on /lobby and the landing page instead of /game', async ({ page, server }) => {
  await page.goto(`${server.url}/lobby`);
  await expect(page.getByRole('heading', { name: 'Authentication Required' })).toBeVisible();
  await expect(page.getByText('Please log in to access the lobby')).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(`${server.url}/`);

  await page.goto(`${server.url}/game`);
  await expect(page).toHaveURL(`${server.url}/`);
});
