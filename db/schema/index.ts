export * from './accounts.ts';
export * from './players.ts';
export * from './lobby.ts';
export * from './world.ts';
export * from './inventory.ts';
export * from './settlements.ts';
export * from './npcs.ts';
export * from './chat.ts';
