/** The words of the report's lifecycle parts (lifecycle-html.ts), per language: see texts.ts. */
export interface LifecycleTexts {
  /** After a charged-back item: its amount and the date to contest from. */
  readonly chargeback: (amount: string, date: string | null) => string;
  readonly info: {
    heading: string;
    note: string;
    what: string;
    cancelled: string;
    advanced: string;
    advanceFees: string;
    chargedBack: string;
  };
  readonly unclassified: {
    heading: string;
    note: string;
    /** What to configure, in plain words, per group. */
    noRole: (code: string) => string;
    noRuleForValue: (code: string, column: string, value: string) => string;
    unknownSign: (column: string, value: string) => string;
    setting: string;
  };
  /** A code in the records table that some records of the run had no role for. */
  readonly unclassifiedCode: string;
}
