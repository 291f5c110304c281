import { expect, test } from '@playwright/test';

test('the first page of /shop/men shows each product name and colour once', async ({ page }) => {
  await page.goto('/shop/men');
  const grid = page
    .getByRole('main')
    .getByRole('list')
    .filter({ has: page.getByRole('article') })
    .last();
  const names = await grid.getByRole('article').getByRole('heading', { level: 3 }).allTextContents();
  expect(names.length).toBeGreaterThanOrEqual(60);
  expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
});

test('the boxer-brief size guide has a table column for each measure its diagram names', async ({ page }) => {
  await page.goto('/size-guides/boxer-briefs');
  const table = page.getByRole('main').getByRole('table');
  for (const measure of ['Waist (in)', 'Inseam (in)'])
    await expect(table.getByRole('columnheader', { name: measure })).toBeVisible();
  await expect(page.getByRole('main').getByRole('img', { name: /Boxer Briefs: how to measure/ })).toBeVisible();
});
