export * from './cents';
export * from './pricing';
