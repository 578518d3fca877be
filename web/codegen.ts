// Typed documents from the server's committed SDL: every `graphql(...)`
// call in src/ gets its result and variable types in src/gql/ (committed;
// build.sh regenerates it, and the test suite fails when it is stale).
import type { CodegenConfig } from '@graphql-codegen/cli';

const config: CodegenConfig = {
  schema: '../schema.graphql',
  documents: ['src/**/*.tsx', 'src/**/*.ts', '!src/gql/**/*'],
  ignoreNoDocuments: false,
  generates: {
    'src/gql/': {
      preset: 'client',
      // A component reads only the fragment it selects (useFragment).
      presetConfig: { fragmentMasking: { unmaskFunctionName: 'useFragment' } },
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        scalars: { DateTime: 'string', NaiveDate: 'string', JSON: 'unknown' },
        skipTypename: false,
      },
    },
  },
};

export default config;
