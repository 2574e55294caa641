/**
 * Layer rules (DESIGN.md §11), checked by test/unit/layer-rules.test.ts and by hand with
 * `npx depcruise schemas functions frontend/src infra`. Paths are relative to the repository root.
 * Type-only imports count: a layer that names another layer's types depends on it.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'core-no-aws-sdk',
      comment: 'functions/core is the domain: AWS clients belong in functions/adapters behind a port.',
      severity: 'error',
      from: { path: '^functions/core/' },
      to: { path: '(^|/)@aws-sdk/' },
    },
    {
      name: 'core-no-middy',
      comment: 'functions/core knows nothing of the HTTP stack (middy lives in functions/http).',
      severity: 'error',
      from: { path: '^functions/core/' },
      to: { path: '(^|/)@middy/' },
    },
    {
      name: 'core-no-outer-layers',
      comment:
        'functions/core imports no adapter, no route group, nothing of the HTTP stack, of the runtime (config, logger, compositions) or of a trigger: what it needs comes through a port.',
      severity: 'error',
      from: { path: '^functions/core/' },
      to: { path: '^functions/(adapters|api|http|runtime|shared|triggers)/' },
    },
    {
      name: 'adapters-no-api',
      comment: 'Adapters implement ports of functions/core; route groups use them, never the other way round.',
      severity: 'error',
      from: { path: '^functions/adapters/' },
      to: { path: '^functions/api/' },
    },
    {
      name: 'schemas-self-contained',
      comment: 'schemas/ are the contracts both sides import: they import nothing from functions/ or frontend/.',
      severity: 'error',
      from: { path: '^schemas/' },
      to: { path: '^(functions|frontend)/' },
    },
    {
      name: 'schemas-through-alias',
      comment: 'functions/, frontend/src and infra/ import schemas/ through the alias #schemas/* (package.json imports), never by a relative path.',
      severity: 'error',
      from: { path: '^(functions|frontend/src|infra)/' },
      to: { path: '^schemas/', dependencyTypesNot: ['aliased-subpath-import'] },
    },
    {
      name: 'features-independent',
      comment: 'A frontend feature does not import another one; app/ composes them, components/ and lib/ are shared.',
      severity: 'error',
      from: { path: '^frontend/src/features/([^/]+)/' },
      to: { path: '^frontend/src/features/[^/]+/', pathNot: '^frontend/src/features/$1/' },
    },
    {
      name: 'no-circular',
      comment: 'Import cycles make load order matter and layers meaningless.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
  },
};
