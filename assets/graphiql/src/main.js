// tasklens GraphiQL: GraphiQL 5 with the doc explorer, history, the
// query-builder explorer and graphql-ws subscriptions. Everything it loads
// comes from its own origin: this bundle, its CSS, fonts and workers.
import './workers.js';

import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { GraphiQL, HISTORY_PLUGIN } from 'graphiql';
import { createGraphiQLFetcher } from '@graphiql/toolkit';
import { explorerPlugin } from '@graphiql/plugin-explorer';

import { graphiqlStorage } from './storage.js';

import '@graphiql/react/font/roboto.css';
import '@graphiql/react/font/fira-code.css';
import '@graphiql/react/style.css';
import '@graphiql/plugin-doc-explorer/style.css';
import '@graphiql/plugin-history/style.css';
import 'graphiql/graphiql.css';
import '@graphiql/plugin-explorer/style.css';
import './page.css';

const TOKEN = /^tl_[A-Za-z0-9_-]{1,100}$/;

// Takes `token` out of the address bar (every `token` parameter, valid or
// not, so that no secret stays in the history), keeping the rest of the URL
// as it was written. Returns the token if it has the shape of a tasklens
// token, else null.
function takeTokenFromUrl() {
  const query = window.location.search.replace(/^\?/, '');
  if (query === '') return null;
  let token = null;
  let found = false;
  const kept = [];
  for (const part of query.split('&')) {
    const eq = part.indexOf('=');
    const rawName = eq < 0 ? part : part.slice(0, eq);
    let name;
    let value;
    try {
      name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      value = eq < 0 ? '' : decodeURIComponent(part.slice(eq + 1).replace(/\+/g, ' '));
    } catch {
      kept.push(part);
      continue;
    }
    if (name === 'token') {
      found = true;
      if (token === null && TOKEN.test(value)) token = value;
    } else {
      kept.push(part);
    }
  }
  if (found) {
    const search = kept.length > 0 ? `?${kept.join('&')}` : '';
    window.history.replaceState(
      window.history.state,
      '',
      `${window.location.pathname}${search}${window.location.hash}`,
    );
  }
  return token;
}

const token = takeTokenFromUrl();
const authHeaders = token === null ? null : { Authorization: `Bearer ${token}` };
const headersText = authHeaders === null ? undefined : JSON.stringify(authHeaders, null, 2);

const wsScheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';

// Queries and mutations are POSTed to /graphql with the headers of the
// headers editor, as GraphiQL does. A subscription opens a graphql-ws socket
// at /graphql/ws (a new one per subscription) whose `connection_init`
// payload is the headers editor's content as it is when the subscription
// starts: the header prefilled from the URL, or whatever the user made of it.
// So HTTP and WebSocket always go with the same Authorization.
const toolkitFetcher = createGraphiQLFetcher({
  url: `${window.location.origin}/graphql`,
  subscriptionUrl: `${wsScheme}//${window.location.host}/graphql/ws`,
  wsConnectionParams: {},
  enableIncrementalDelivery: false,
});

// GraphiQL fetches the schema as it mounts, before the (lazily loaded)
// headers editor exists, so that first introspection goes without headers.
// An introspection sent without any header gets the token from the URL.
const fetcher = (params, opts) => {
  if (authHeaders !== null && params.operationName === 'IntrospectionQuery' && !opts?.headers) {
    return toolkitFetcher(params, { ...opts, headers: authHeaders });
  }
  return toolkitFetcher(params, opts);
};

const defaultQuery = `# tasklens GraphQL
#
# Run a query with Ctrl+Enter (Cmd+Enter on a Mac).
# Requests need the header
#   {"Authorization": "Bearer tl_..."}
# in the Headers tab below. Opening this page as
# /graphql?token=tl_... fills it in.

{
  viewer {
    username
  }
}
`;

// The doc explorer is GraphiQL's reference plugin, always there; passing
// `plugins` replaces the default list, so history is named again.
const plugins = [HISTORY_PLUGIN, explorerPlugin()];

createRoot(document.getElementById('graphiql')).render(
  createElement(GraphiQL, {
    fetcher,
    plugins,
    storage: graphiqlStorage(headersText),
    defaultQuery,
    initialHeaders: headersText,
    defaultHeaders: headersText,
    defaultEditorToolsVisibility: headersText === undefined ? 'headers' : undefined,
    isHeadersEditorEnabled: true,
    shouldPersistHeaders: false,
  }),
);
