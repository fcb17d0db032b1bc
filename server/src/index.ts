export * from './config.js';
export * from './http/errors.js';
