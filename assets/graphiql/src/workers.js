// Monaco's web workers, bundled as same-origin files by vite's `?worker`
// imports (the pattern of GraphiQL's own `setup-workers/vite`, without its
// console logging). GraphiQL needs only these three: the editor core, the
// GraphQL language service and the JSON language service (variables,
// headers and the response).
import EditorWorker from 'monaco-editor/esm/vs/editor/editor.worker.js?worker';
import JsonWorker from 'monaco-editor/esm/vs/language/json/json.worker.js?worker';
import GraphQLWorker from 'monaco-graphql/esm/graphql.worker.js?worker';

globalThis.MonacoEnvironment = {
  getWorker(_workerId, label) {
    switch (label) {
      case 'json':
        return new JsonWorker();
      case 'graphql':
        return new GraphQLWorker();
      default:
        return new EditorWorker();
    }
  },
};
