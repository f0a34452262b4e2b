export * from './constants.ts';
export * from './errors.ts';
export * from './auth.ts';
export * from './account.ts';
export * from './payments.ts';
export * from './gradings.ts';
export * from './grade-labels.ts';
export * from './admin.ts';
