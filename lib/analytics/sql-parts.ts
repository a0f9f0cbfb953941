/** SQL fragments several named-query modules share, in the subset both Athena and DuckDB read. */

/** How many rows meet `condition`. */
export const countOf = (condition: string) => `SUM(CASE WHEN ${condition} THEN 1 ELSE 0 END)`;
