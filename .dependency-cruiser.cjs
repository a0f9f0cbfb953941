/**
 * The import rules `npm test` enforces (docs/design.md, "Enforced rules"), checked by dependency-cruiser
 * through tools/check-rules.mjs. Paths are relative to the folder the check runs in (the repository, or
 * a fixture tree in test/unit/rules/).
 */

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
      from: {},
      to: { circular: true },
    },
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
      name: 'write-path-renders-nothing',
      comment:
        'Ingesting, matching, aging and keeping the book never render: only the report shell ' +
        "(lambdas/core/report/), the capabilities' report sections (report-*.ts beside their model) " +
        'and the web inbox (lambdas/core/inbox/, pages only, writing nothing but decisions through the ' +
        'breaks service) import the report or its kit, so a change of wording can never touch the write path.',
      severity: 'error',
      from: {
        path: '^lambdas/core/',
        pathNot: '^lambdas/core/(report|report-kit|inbox)/|/report-[a-z-]+\\.ts$',
      },
      to: { path: '^lambdas/core/(report|report-kit)/' },
    },
    {
      name: 'shell-lists-sections',
      comment:
        'The report shell places the sections report/sections.ts lists and imports no capability, not ' +
        "even a type: a section's part of the run summary is named by the section, through that list. " +
        "The book, whose figures the shell lays out, is the one it reads, and not the book's sections.",
      severity: 'error',
      from: { path: '^lambdas/core/report/', pathNot: '^lambdas/core/report/sections\\.ts$' },
      to: {
        path: '^lambdas/core/((deposits|fee-audit|account-items|aging|receivable-store|receivables|ingest)/|(?!report/)[^/]+/report-[a-z-]+\\.ts$)',
      },
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
