/**
 * The SQL of the `fee_audit` named query (docs/fee-audit.md): every forecast (A1) of a movement
 * period joined with the contracted-rate row in force on its sale date, per acquirer and brand. Kept
 * apart from `queries.ts` for its length; the same portability rules hold (Trino and DuckDB).
 *
 * The rate CSV is read as the user wrote it (`recon_contract_rates`, every column text), so the rows
 * are cast and normalized here the way the loader (`lambdas/core/fees/rates.ts`) reads them with the
 * default identifier normalizers: a numeric acquirer loses its leading zeros (`001` is `1`), any
 * other acquirer or brand is trimmed and upper-cased; a percent may use a comma; a date may be
 * `dd/MM/yyyy`. The rule of which row governs a sale is `lambdas/core/fees/lookup.ts`'s.
 *
 * The contracted fee is exact in both engines: DECIMAL products (never a division, whose DECIMAL
 * result DuckDB computes in DOUBLE) rounded half up by ROUND on a DECIMAL.
 */
import { CONTRACT_RATES_TABLE } from '../../lambdas/core/lake/tables';

/** A text column trimmed, upper-cased: the `code` identifier normalizer, inner spaces aside. */
const code = (column: string) => `UPPER(TRIM(${column}))`;

/** ISO text of a `yyyy-MM-dd` or `dd/MM/yyyy` column (the loader refuses any other spelling). */
const isoDate = (column: string) =>
  `CASE WHEN SUBSTR(TRIM(${column}), 5, 1) = '-' THEN TRIM(${column})
        ELSE SUBSTR(TRIM(${column}), 7, 4) || '-' || SUBSTR(TRIM(${column}), 4, 2) || '-' || SUBSTR(TRIM(${column}), 1, 2) END`;

const rates = `rates AS (
  SELECT COALESCE(CAST(TRY_CAST(TRIM(acquirer) AS BIGINT) AS VARCHAR), ${code('acquirer')}) AS acquirer,
         ${code('brand')} AS brand,
         ${code('product')} AS product,
         CAST(TRIM(installments_from) AS INTEGER) AS installments_from,
         CAST(TRIM(installments_to) AS INTEGER) AS installments_to,
         CAST(REPLACE(TRIM(mdr_percent), ',', '.') AS DECIMAL(9, 6)) AS mdr_percent,
         ${isoDate('effective_from')} AS effective_from
  FROM ${CONTRACT_RATES_TABLE.name}
  WHERE mdr_percent IS NOT NULL AND TRIM(mdr_percent) <> ''
)`;

/**
 * `recordsCte` is the `WITH ... records AS (...)` of the unique records of the period (its two `?`
 * are the movement dates). A sale takes, among the rows that hold it, the latest `effective_from`,
 * at one date its own product before ANY; without one its contracted fee is null (`without_rate`).
 */
export function feeAuditSql(recordsCte: string): string {
  return `${recordsCte}, ${rates}, candidates AS (
  SELECT s.acquirer, s.brand, s.gross_cents, s.fee_cents, r.mdr_percent,
         ROW_NUMBER() OVER (
           PARTITION BY s.identity_hash, s.occurrence
           ORDER BY r.effective_from DESC, CASE WHEN r.product = 'ANY' THEN 1 ELSE 0 END
         ) AS rate_rank
  FROM records s
  LEFT JOIN rates r
    ON r.acquirer = s.acquirer AND r.brand = s.brand
   AND (r.product = s.product OR r.product = 'ANY')
   AND COALESCE(s.installments, 1) BETWEEN r.installments_from AND r.installments_to
   AND r.effective_from <= s.sale_date
  WHERE s.code = 'A1' AND s.gross_cents IS NOT NULL AND s.fee_cents IS NOT NULL
), audited AS (
  SELECT acquirer, brand, gross_cents, fee_cents, mdr_percent,
         CAST(ROUND(CAST(gross_cents AS DECIMAL(38, 0)) * mdr_percent * CAST(0.01 AS DECIMAL(3, 2)), 0) AS BIGINT)
           AS contract_fee_cents
  FROM candidates
  WHERE rate_rank = 1
)
SELECT acquirer, brand,
       COUNT(*) AS records,
       SUM(gross_cents) AS gross_cents,
       SUM(fee_cents) AS fee_cents,
       SUM(contract_fee_cents) AS contract_fee_cents,
       SUM(fee_cents - contract_fee_cents) AS fee_difference_cents,
       SUM(CASE WHEN fee_cents > contract_fee_cents THEN 1 ELSE 0 END) AS above_contract,
       SUM(CASE WHEN mdr_percent IS NULL THEN 1 ELSE 0 END) AS without_rate
FROM audited
GROUP BY acquirer, brand
ORDER BY acquirer, brand`;
}

/**
 * The fee each record carries against what its own amounts imply (gross − net), per acquirer, brand
 * and code: a record whose three amounts disagree is a layout or provider error, not a contract one.
 */
export function feeConsistencySql(recordsCte: string): string {
  return `${recordsCte}
SELECT acquirer, brand, code,
       COUNT(*) AS records,
       SUM(gross_cents) AS gross_cents,
       SUM(net_cents) AS net_cents,
       SUM(fee_cents) AS fee_cents,
       SUM(gross_cents - net_cents) AS implied_fee_cents,
       SUM(gross_cents - net_cents - fee_cents) AS fee_gap_cents,
       SUM(CASE WHEN gross_cents - net_cents <> fee_cents THEN 1 ELSE 0 END) AS mismatched_records,
       ROUND(CAST(SUM(fee_cents) AS DOUBLE) * 100 / CAST(NULLIF(SUM(gross_cents), 0) AS DOUBLE), 4) AS fee_percent
FROM records
WHERE code IN ('A1', 'D1')
  AND gross_cents IS NOT NULL AND net_cents IS NOT NULL AND fee_cents IS NOT NULL
GROUP BY acquirer, brand, code
ORDER BY acquirer, brand, code`;
}
