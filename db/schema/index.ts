export * from './accounts.ts';
export * from './players.ts';
