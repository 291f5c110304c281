/**
 * Takes screenshots of pages at phone and desktop widths in light and dark themes, for looking at what a
 * shopper sees: node scripts/screenshots.mjs http://127.0.0.1:3000 / /shop/men … (written to screenshots/).
 * SIGN_IN=email:password signs in once, through the API, and shows every page signed in (the account pages).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const [base = 'http://127.0.0.1:3000', ...pages] = process.argv.slice(2);
const out = path.resolve('screenshots');
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
/**
 * Signs in once through the API, with the built-in captcha's token (the shop without reCAPTCHA keys), and
 * answers the session's cookies for every browser: the shop counts sign-ins per account.
 */
async function signIn(origin, credentials) {
  const context = await browser.newContext();
  const [email, ...password] = credentials.split(':');
  const captcha = await (
    await context.request.get(new URL('/session-api/captcha-token?action=login', origin).href)
  ).json();
  const answer = await context.request.post(new URL('/session-api/login', origin).href, {
    data: {
      _username: email,
      _password: password.join(':'),
      _remember_me: false,
      token: captcha.data.token,
      action: 'login',
    },
  });
  if (!answer.ok()) throw new Error(`sign-in answered ${answer.status()}: ${await answer.text()}`);
  const state = await context.storageState();
  await context.close();
  return state;
}
const signedIn = process.env.SIGN_IN ? await signIn(base, process.env.SIGN_IN) : null;
const viewports = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } };
for (const page of pages.length ? pages : ['/']) {
  for (const [device, viewport] of Object.entries(viewports)) {
    for (const colorScheme of ['light', 'dark']) {
      const context = await browser.newContext({
        ...(signedIn ? { storageState: signedIn } : {}),
        viewport,
        colorScheme,
        deviceScaleFactor: 1,
        isMobile: device === 'phone',
        hasTouch: device === 'phone',
      });
      const tab = await context.newPage();
      const errors = [];
      tab.on('pageerror', (error) => errors.push(error.message));
      tab.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
      await tab.goto(new URL(page, base).href, { waitUntil: 'networkidle' });
      const name = `${page.replace(/[^a-z0-9]+/gi, '_') || 'home'}-${device}-${colorScheme}.png`;
      await tab.screenshot({ path: path.join(out, name), fullPage: process.env.FULL === '1' });
      console.log(name, errors.length ? `errors: ${errors.join(' | ')}` : 'ok');
      await context.close();
    }
  }
}
await browser.close();
