export * from './createStore.js';
