/**
 * The SQL of the `fee_audit` named query (docs/fee-audit.md): every forecast (A1) of a movement
 * period joined with the contracted-rate row that governs it, per acquirer and brand. Kept apart
 * from `queries.ts` for its length; the same portability rules hold (Trino and DuckDB).
 *
 * The rate CSV is read as the user wrote it (`recon_contract_rates`, every column text), so the rows
 * are cast and normalized here the way the loader (`lambdas/core/fee-audit/rates.ts`) reads them with the
 * default identifier normalizers: a numeric acquirer loses its leading zeros (`001` is `1`); a
 * percent may use a comma and end in `%`; a date may be `dd/MM/yyyy`. Names are folded on both sides
 * as `lambdas/core/fee-audit/rate-keys.ts` folds them, a wildcard cell reads as any, and a row of only
 * separators has no rate and is no row. The rule of which row governs a sale is
 * `lambdas/core/fee-audit/lookup.ts`'s: the most specific, then the latest. Fees are compared by
 * magnitude, as `lambdas/core/fee-audit/audit.ts` compares them.
 *
 * The contracted fee is exact in both engines: DECIMAL products (never a division, whose DECIMAL
 * result DuckDB computes in DOUBLE) rounded half up by ROUND on a DECIMAL.
 */

import { RATE_WILDCARDS } from '../../lambdas/core/fee-audit/rate-keys';
import { CONTRACT_RATES_TABLE } from '../../lambdas/core/fee-audit/rates-table';

/**
 * The accented capitals of Latin-1 and their plain letters: what rate-keys.ts's fold (Unicode
 * decomposition, which neither engine shares) does to them, as TRANSLATE both engines have.
 */
const ACCENTED = 'ÀÁÂÃÄÅÈÉÊËÌÍÎÏÒÓÔÕÖÙÚÛÜÇÑÝ';
const PLAIN = 'AAAAAAEEEEIIIIOOOOOUUUUCNY';

/** A name folded: case, Latin-1 accents and spaces ignored (`Elô` is `ELO`); null read as empty. */
const fold = (expression: string) =>
  `REPLACE(TRANSLATE(UPPER(TRIM(COALESCE(${expression}, ''))), '${ACCENTED}', '${PLAIN}'), ' ', '')`;

const WILDCARD_LIST = RATE_WILDCARDS.map((word) => `'${word}'`).join(', ');

/** A rate cell's folded name, or null when it is a wildcard (DuckDB reads an empty cell as null). */
const nameOrAny = (column: string, name: string) =>
  `CASE WHEN ${fold(column)} IN (${WILDCARD_LIST}) THEN NULL ELSE ${name} END`;

/** ISO text of a `yyyy-MM-dd` or `dd/MM/yyyy` column (the loader refuses any other spelling). */
const isoDate = (column: string) =>
  `CASE WHEN SUBSTR(TRIM(${column}), 5, 1) = '-' THEN TRIM(${column})
        ELSE SUBSTR(TRIM(${column}), 7, 4) || '-' || SUBSTR(TRIM(${column}), 4, 2) || '-' || SUBSTR(TRIM(${column}), 1, 2) END`;

/** A percent cell (`2.39`, `2,39`, `2,39%`) as an exact DECIMAL. */
const percent = (column: string) =>
  `CAST(TRIM(REPLACE(REPLACE(TRIM(${column}), ',', '.'), '%', '')) AS DECIMAL(9, 6))`;

const rates = `rates AS (
  SELECT ${nameOrAny('acquirer', fold(`COALESCE(CAST(TRY_CAST(TRIM(acquirer) AS BIGINT) AS VARCHAR), acquirer)`))} AS acquirer,
         ${nameOrAny('brand', fold('brand'))} AS brand,
         ${nameOrAny('product', 'UPPER(TRIM(product))')} AS product,
         CAST(TRIM(installments_from) AS INTEGER) AS installments_from,
         CAST(TRIM(installments_to) AS INTEGER) AS installments_to,
         ${percent('mdr_percent')} AS mdr_percent,
         ${isoDate('effective_from')} AS effective_from
  FROM ${CONTRACT_RATES_TABLE.name}
  WHERE mdr_percent IS NOT NULL AND TRIM(mdr_percent) <> ''
)`;

/** lookup.ts's specificity: a named acquirer outweighs a named brand and product, a brand a product. */
const specificity = `CASE WHEN r.acquirer IS NULL THEN 0 ELSE 4 END
             + CASE WHEN r.brand IS NULL THEN 0 ELSE 2 END
             + CASE WHEN r.product IS NULL THEN 0 ELSE 1 END`;

/**
 * `recordsCte` is the `WITH ... records AS (...)` of the unique records of the period (its two `?`
 * are the movement dates). A sale takes, among the rows that hold it, the most specific, then the
 * latest `effective_from`; without one its contracted fee is null (`without_rate`).
 */
export function feeAuditSql(recordsCte: string): string {
  return `${recordsCte}, ${rates}, candidates AS (
  SELECT s.acquirer, s.brand, ABS(s.gross_cents) AS gross_cents, ABS(s.fee_cents) AS fee_cents, r.mdr_percent,
         ROW_NUMBER() OVER (
           PARTITION BY s.identity_hash, s.occurrence
           ORDER BY ${specificity} DESC, r.effective_from DESC
         ) AS rate_rank
  FROM records s
  LEFT JOIN rates r
    ON (r.acquirer IS NULL OR r.acquirer = ${fold('s.acquirer')})
   AND (r.brand IS NULL OR r.brand = ${fold('s.brand')})
   AND (r.product IS NULL OR r.product = s.product)
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
