export * from './compiled-types/src/drawer/CartDrawer';
export { default } from './compiled-types/src/drawer/CartDrawer';
