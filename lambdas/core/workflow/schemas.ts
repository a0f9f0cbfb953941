// Transitional: the step schemas now live in contracts.ts (removed once steps.ts imports them there).
export * from './contracts';
