import { chromium } from 'playwright-core';
const base = 'http://localhost:3112';
const pw = 'a long enough password';
const out = '/tmp/i12-shots';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
async function session(email, width, register) {
  const ctx = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await ctx.newPage();
  if (register) {
    const r = await page.request.post(`${base}/api/auth/register`, { data: { email, password: pw, firstName: 'Sam', lastName: 'Lee' } });
    if (![201, 409].includes(r.status())) console.log('register', r.status(), await r.text());
    if (r.status() === 201) return page;
  }
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(pw);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL((u) => u.pathname === '/');
  return page;
}
const targets = process.argv.slice(2);
for (const width of [1440, 360]) {
  const admin = await session('admin.i12@example.org', width, false);
  for (const [name, path] of [['templates-forms', '/templates'], ['templates-dbqs', '/templates?tab=dbqs'], ['templates-pdfforge', '/templates?tab=pdfforge'], ['learning', '/benefits-learning-center'], ['calculators', '/calculators?ratings=50,20-left-leg,10-right-leg,30'], ['dashboard', '/']]) {
    if (targets.length && !targets.includes(name)) continue;
    await admin.goto(base + path);
    await admin.waitForTimeout(2500);
    await admin.screenshot({ path: `${out}/${name}-${width}.png`, fullPage: !['learning', 'templates-dbqs', 'templates-forms'].includes(name) });
  }
  if (!targets.length || targets.includes('free')) {
    const free = await session('free.i12@example.org', width, true);
    await free.goto(base + '/templates?tab=dbqs');
    await free.waitForTimeout(2000);
    await free.screenshot({ path: `${out}/free-dbqs-${width}.png` });
  }
}
await browser.close();
