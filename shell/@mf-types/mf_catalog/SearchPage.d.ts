export * from './compiled-types/src/search/SearchPage';
export { default } from './compiled-types/src/search/SearchPage';
