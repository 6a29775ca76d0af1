// The import rules of STYLE.md, checked by `npm run lint:deps` (and so by `npm test`).
// A violation prints the rule's name and its comment. Decision 008 says why each rule exists.

/** Cycles still on the tree, each with the change that removes it. Nothing else may cycle. */
const KNOWN_CYCLES = [
  // shared simulator-view.ts <-> simulator.ts (types only): splitPicksList takes its row types from
  // the schemas module; make it generic over the row, as screener-view's splitEodResponse is.
  '^packages/shared/src/simulator(-view)?[.]ts$',
];

module.exports = {
  forbidden: [
    {
      name: 'features-never-import-each-other',
      comment:
        'A web feature imports only its own files, components/, lib/ and packages; what two features share belongs in components/ or lib/.',
      severity: 'error',
      from: { path: '^apps/web/app/features/([^/]+)/' },
      to: { path: '^apps/web/app/features/', pathNot: '^apps/web/app/features/$1/' },
    },
    {
      name: 'components-and-lib-never-import-features',
      comment:
        'Dependencies flow components/, lib/ -> features/ -> routes/: shared pieces never reach up into a feature or a route.',
      severity: 'error',
      from: { path: '^apps/web/app/(components|lib)/' },
      to: { path: '^apps/web/app/(features|routes)/' },
    },
    {
      name: 'web-never-imports-db',
      comment: 'The web app reads data through the API client, never the database package.',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^packages/db/' },
    },
    {
      name: 'shared-imports-no-other-package',
      comment:
        'packages/shared is the HTTP contract both sides use: it depends on Zod only, never on another package or app.',
      severity: 'error',
      from: { path: '^packages/shared/' },
      to: { path: '^(packages|apps)/', pathNot: '^packages/shared/' },
    },
    {
      name: 'no-relative-imports-into-another-package',
      comment:
        'Another package is imported by its name and a named entry point of its package.json exports (@app/shared/screener), never by a relative path into its files.',
      severity: 'error',
      from: { path: '^(packages|apps)/([^/]+)/' },
      // A name import resolves through the workspace link (aliased); a relative one is only local.
      to: {
        dependencyTypes: ['local'],
        dependencyTypesNot: ['aliased'],
        path: '^(packages|apps)/',
        pathNot: '^$1/$2/',
      },
    },
    {
      name: 'scripts-import-packages-by-name',
      comment: 'Root scripts use the packages through their named entry points too.',
      severity: 'error',
      from: { path: '^scripts/' },
      to: { dependencyTypes: ['local'], dependencyTypesNot: ['aliased'], path: '^(packages|apps)/' },
    },
    {
      name: 'features-never-import-routes',
      comment:
        'Routes compose features; a feature never reaches up into a route module (move what both need into the feature, components/ or lib/).',
      severity: 'error',
      from: { path: '^apps/web/app/features/' },
      to: { path: '^apps/web/app/routes/' },
    },
    {
      name: 'packages-never-import-apps',
      comment: 'Packages are the building blocks the apps use; an app is never imported by a package.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'only-repositories-touch-kysely',
      comment:
        'On the server only *.repository.ts files build queries: routes and services call repositories, so SQL for both engines lives in one kind of file.',
      severity: 'error',
      from: { path: '^apps/server/src/modules/', pathNot: '[.](repository|test|fixtures)[.]ts$' },
      to: { path: '(^|/)node_modules/kysely/' },
    },
    {
      name: 'modules-meet-through-their-service',
      comment:
        'A server module calls another only through its *.service.ts (its public face); routes, repositories and helpers stay private to their module.',
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/', pathNot: '[.]test[.]ts$' },
      to: {
        path: '^apps/server/src/modules/',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/[^/]+/[^/]+[.]service[.]ts$'],
      },
    },
    {
      name: 'doc-qa-runtime-never-imports-training',
      comment:
        'packages/doc-qa/src is what the browser worker loads; training and evaluation (src/training) may use it, never the other way round.',
      severity: 'error',
      from: { path: '^packages/doc-qa/src/', pathNot: '^packages/doc-qa/src/(training/|.*[.]test[.]ts$)' },
      to: { path: '^packages/doc-qa/src/training/' },
    },
    {
      name: 'no-cycles',
      comment: 'Modules never import each other round in a circle: split out what both sides need.',
      severity: 'error',
      from: { pathNot: KNOWN_CYCLES },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // node_modules stays in the graph (unfollowed) so a rule can name a library, e.g. kysely.
    exclude: { path: '(^|/)(build|[.]react-router|test-results|tmp)/' },
    // Type-only imports count: a cycle through types is still a cycle to untangle.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
      mainFields: ['module', 'main', 'types'],
    },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
