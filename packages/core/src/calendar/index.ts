export * from './calendar.js';
export * from './monthWeeks.js';
export * from './podSeason.js';
