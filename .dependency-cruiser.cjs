/**
 * The import rules `npm test` enforces (docs/design.md, "Enforced rules"), checked by dependency-cruiser
 * through tools/check-rules.mjs. Paths are relative to the folder the check runs in (the repository, or
 * a fixture tree in test/unit/rules/).
 */

/**
 * Folder cycles that existed when the rules were introduced. Each entry exempts one folder-to-folder
 * import direction only, so a cycle through any other folder, or a new folder pair, still fails.
 * All of them are to be removed by issue 22's restructuring; delete an entry as soon as its cycle is gone.
 */
const KNOWN_FOLDER_CYCLES = [
  // The reconciliation store keeps the totals in step with each write (recon -> totals), and the totals
  // read receivables, their status and horizon through the reconciliation modules (totals -> recon):
  // one capability split over two folders. To be removed by issue 22's restructuring.
  { from: 'lambdas/core/recon', to: 'lambdas/core/totals' },
  { from: 'lambdas/core/totals', to: 'lambdas/core/recon' },
];

const exact = (folder) => `^${folder.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;
const exemptFrom = [...new Set(KNOWN_FOLDER_CYCLES.map((c) => c.from))];

/** One rule per folder with exempted directions (a rule cannot exempt a from/to pair otherwise). */
const knownFolderCycleRules = exemptFrom.map((from) => ({
  name: 'no-folder-cycle',
  comment: `A folder cycle through ${from}, other than its known exceptions (KNOWN_FOLDER_CYCLES).`,
  severity: 'error',
  scope: 'folder',
  from: { path: exact(from) },
  to: { circular: true, pathNot: KNOWN_FOLDER_CYCLES.filter((c) => c.from === from).map((c) => exact(c.to)) },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-file-cycle',
      comment: 'Modules import each other in a loop: one of them should own what both need.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-folder-cycle',
      comment: 'Folders import each other in a loop: layers and capabilities must form a tree.',
      severity: 'error',
      scope: 'folder',
      from: { pathNot: exemptFrom.map(exact) },
      to: { circular: true },
    },
    ...knownFolderCycleRules,
    {
      name: 'core-stays-core',
      comment:
        'The core (lambdas/core) is the domain: it never imports the stack (lib/), the local stand-ins ' +
        '(local/), the CLI (cli/, bin/), tests or benchmarks; they import it.',
      severity: 'error',
      from: { path: '^lambdas/core/' },
      to: { path: '^(lib|local|cli|bin|test|bench)/' },
    },
    {
      name: 'no-unresolvable',
      comment:
        'A relative import the checker cannot resolve would hide its edges from every other rule ' +
        "(package imports, type-only ones included, are tsc's to check).",
      severity: 'error',
      from: {},
      to: { couldNotResolve: true, path: '^[.]' },
    },
  ],
  options: {
    // TypeScript 7's package has no compiler API for dependency-cruiser to parse with; swc parses
    // TypeScript itself, type-only imports included (a cycle through types is still a cycle).
    parser: 'swc',
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|cdk\\.out|\\.recon|coverage)/' },
    enhancedResolveOptions: { extensions: ['.ts', '.mjs', '.js', '.cjs', '.json'] },
  },
};
