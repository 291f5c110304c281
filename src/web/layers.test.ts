import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

const root = path.resolve(import.meta.dirname, '../..');
const web = path.join(root, 'src/web');
const eslint = new ESLint({ cwd: root });

/** The layer rule's reports for a module at file (relative to src/web) importing from specifier. */
async function layerErrors(file: string, specifier: string): Promise<string[]> {
  const code = `import * as imported from '${specifier}';\n\nexport const used = imported;\n`;
  const [result] = await eslint.lintText(code, { filePath: path.join(web, file) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'import-x/no-restricted-paths')
    .map((message) => message.message);
}

describe('the web layers (npm run lint)', { timeout: 60_000 }, () => {
  it('fails a feature that imports another feature', async () => {
    expect(await layerErrors('features/catalogue/new-module.tsx', '../bag/bag-drawer.tsx')).toEqual([
      expect.stringContaining('Features never import each other'),
    ]);
    expect(await layerErrors('features/content/new-module.tsx', '../search/search-overlay.tsx')).toHaveLength(1);
  });

  it('lets a feature import its own modules and the shared layer', async () => {
    expect(await layerErrors('features/catalogue/new-module.tsx', './impression-queue.ts')).toEqual([]);
    expect(await layerErrors('features/catalogue/new-module.tsx', '../../lib/cart/use-add-to-bag.ts')).toEqual([]);
    expect(await layerErrors('features/catalogue/new-module.tsx', '../../ui/product-tile/product-tile.tsx')).toEqual(
      [],
    );
  });

  it('lets routes import a feature only through its public face', async () => {
    expect(await layerErrors('routes/new-route.tsx', '../features/bag/bag-drawer.tsx')).toEqual([]);
    expect(await layerErrors('routes/new-route.tsx', '../features/bag/bag-summary.tsx')).toEqual([
      expect.stringContaining('through its public face'),
    ]);
    expect(await layerErrors('new-root-module.tsx', './features/product/product-gallery.tsx')).toHaveLength(1);
  });

  it('keeps the shared layer and the chrome free of features, chrome and routes', async () => {
    expect(await layerErrors('lib/new-module.ts', '../features/bag/bag-drawer.tsx')).toHaveLength(1);
    expect(await layerErrors('ui/new-module.tsx', '../shell/chrome/header.tsx')).toHaveLength(1);
    expect(await layerErrors('lib/new-module.ts', '../ui/button.tsx')).toHaveLength(1);
    expect(await layerErrors('shell/chrome/new-module.tsx', '../../features/search/search-overlay.tsx')).toHaveLength(
      1,
    );
    expect(await layerErrors('features/bag/new-module.tsx', '../../shell/chrome/header.tsx')).toHaveLength(1);
    expect(await layerErrors('ui/new-module.tsx', '../lib/use-shop.ts')).toEqual([]);
  });

  it('names a public face for every feature, and only modules that exist', async () => {
    const paths = z.union([z.string(), z.array(z.string())]).transform((value) => [value].flat());
    const config = z
      .object({
        rules: z.object({
          'import-x/no-restricted-paths': z.tuple([
            z.unknown(),
            z.object({
              zones: z.array(z.object({ target: paths, from: paths, except: z.array(z.string()).default([]) })),
            }),
          ]),
        }),
      })
      .parse(await eslint.calculateConfigForFile(path.join(web, 'routes/new-route.tsx')));
    const faces = config.rules['import-x/no-restricted-paths'][1].zones.filter((zone) =>
      zone.target.includes('./src/web/routes'),
    );
    const features = readdirSync(path.join(web, 'features'), { withFileTypes: true }).filter((entry) =>
      entry.isDirectory(),
    );
    expect(faces.flatMap((zone) => zone.from).sort()).toEqual(
      features.map((entry) => `./src/web/features/${entry.name}`).sort(),
    );
    for (const zone of faces) {
      expect(zone.except.length).toBeGreaterThan(0);
      for (const entry of zone.except)
        expect(existsSync(path.join(root, zone.from[0] ?? '', entry)), `${zone.from[0]}/${entry}`).toBe(true);
    }
  });
});
