/**
 * States whose receivables owe nothing yet (open) or at all (cancelled): "received − forecast"
 * would read as a loss, so their difference prints "—" wherever a person reads it (the report's
 * table by state, `recon receivables`' table). A late receivable's difference is the forecast that
 * did not arrive, as in its item table and on the late card.
 */
export const NO_DIFFERENCE_STATES: ReadonlySet<string> = new Set(['OPEN', 'CANCELLED']);
