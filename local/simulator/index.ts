/**
 * The provider simulator: a local HTTP server that behaves like the remittance report service in
 * sandbox and production (quirks and injectable faults included), with the answer key recon's results
 * are checked against. Used by integration tests, `npm run local`, benchmarks and fault injection.
 */
export { CONFIGURATIONS, SIMULATOR_CREDENTIALS, startSimulator } from './server';
export type {
  DeliveryRecord,
  ExpectedReceivable,
  GroundTruthQuery,
  ReceivableStatus,
  RecordCounts,
  Simulator,
  SimulatorCredentials,
  SimulatorFaults,
  SimulatorMode,
  SimulatorOptions,
  SimulatorStats,
  WebhookView,
} from './types';
