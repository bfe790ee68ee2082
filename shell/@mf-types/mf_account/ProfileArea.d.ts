export * from './compiled-types/src/profile/ProfileArea';
export { default } from './compiled-types/src/profile/ProfileArea';
