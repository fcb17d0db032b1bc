export * from './languages.js';
export * from './options.js';
export * from './request.js';
export * from './response.js';
export * from './list.js';
export * from './errors.js';
export * from './readings.js';
export * from './markdown.js';
