export * from './constants';
export * from './errors';
export * from './catalog';
export * from './accounts';
export * from './orders';
export * from './admin';
export * from './chat';
export * from './phone';
export * from './firstScreen';
export * from './pages';
export * from './remoteEntries';
export * from './synonyms';
export * from './access';
// Schemas live in their own modules, so front ends that import only types and constants never
// bundle zod (the package is marked side-effect free for tree shaking).
export * from './schemas/catalog';
export * from './schemas/accounts';
export * from './schemas/admin';
export * from './schemas/orders';
export * from './schemas/phone';
export * from './schemas/synonyms';
export * from './nairobiDays';
export * from './schemas/catalogAnswers';
export * from './numberWords';
export * from './schemas/accountsAnswers';
export * from './schemas/ordersAnswers';
export * from './schemas/adminAnswers';
export * from './schemas/chatAnswers';
