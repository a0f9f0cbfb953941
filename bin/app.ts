#!/usr/bin/env node
/** CDK entry: `npx cdk synth -c recon='{"environment":"production",...}'` (defaults in cdk.json). */
import { buildReconApp } from '../lib/app';

buildReconApp().app.synth();
