/** What the browser bundle exposes: the same drawing code the Node renderer runs. */

export * from './baked3d.js';
export * from './browserFonts.js';
export * from './context.js';
export * from './customMockup.js';
export * from './drawDesign.js';
export * from './drawImageBackgroundText.js';
export * from './drawMockup.js';
export * from './imageSmoothing.js';
export * from './placeDesign.js';
export { PrintloomBake3d } from './three/bake.js';
export { PrintloomScene3d } from './three/page.js';
export * from './wrapTexture.js';
