export * from './aiDesign.js';
