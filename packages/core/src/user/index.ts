export * from './permissionDescriptions.js';
export * from './User.js';
