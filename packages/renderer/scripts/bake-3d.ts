/**
 * Bakes every 3D template's model (the GLB is the source of truth) into the maps the Node and
 * in-tab renderers draw 3D mockups from: `node scripts/bake-3d.ts` (`npm run bake-3d`), after
 * `npm run generate` changes a model. Writes `model.bake.json` and `model.bake.bin` beside
 * each `model.glb`.
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import {
  BAKE_SIZE,
  bakeFiles,
  bakeModelInChromium,
  launchChromium,
  listTemplates,
  writeBake,
} from '@printloom/renderer/node';

const models = new Set<string>();
for (const { template, dir } of await listTemplates()) {
  if (template.kind === '3d' && template.model) models.add(join(dir, template.model));
}
const browser = await launchChromium();
try {
  for (const model of models) {
    const started = performance.now();
    const maps = await bakeModelInChromium(browser, await readFile(model), BAKE_SIZE);
    await writeBake(model, maps);
    const { size } = await stat(bakeFiles(model).data);
    console.log(
      `${model}: ${BAKE_SIZE} px, ${(size / 1024).toFixed(0)} KiB, ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }
} finally {
  await browser.close();
}
