/**
 * The provider simulator: a local HTTP server that behaves like the remittance report service in
 * sandbox and production (quirks and injectable faults included), with the answer key recon's results
 * are checked against. Used by integration tests, `npm run local`, benchmarks and fault injection.
 */
export { type StatementFile, type StatementOptions, simulatorStatements } from './bank/statements';
export { type BankTruth, type BankTruthOptions, type BankTruthRow, bankTruth } from './bank/truth';
export { CONFIGURATIONS, SIMULATOR_CREDENTIALS, startSimulator } from './http/server';
export type {
  AccountTotals,
  DeliveryRecord,
  ExpectedReceivable,
  GroundTruthQuery,
  LifecycleReason,
  LifecycleReceivable,
  LifecycleState,
  LifecycleTruth,
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
export { SIMULATOR_RECORD_ROLES, SIMULATOR_RECORD_SIGN } from './universe/roles';
