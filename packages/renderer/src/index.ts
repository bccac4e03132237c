export * from './browserFonts.js';
export * from './context.js';
export * from './drawDesign.js';
export * from './drawImageBackgroundText.js';
export * from './drawMockup.js';
export * from './templates.js';
