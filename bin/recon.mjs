#!/usr/bin/env node
// `npx recon` inside the checkout: run the TypeScript entry through tsx, no build step.
import { register } from 'tsx/esm/api';

register();
await import('./recon.ts');
