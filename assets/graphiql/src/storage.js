// GraphiQL's storage (localStorage, keys under `graphiql:`), except that the
// query history and the favourites are written without their request
// headers: GraphiQL's history plugin would otherwise keep every
// `Authorization: Bearer tl_...` it ran with in localStorage for good.
// Entries read back get `headersOnRead` (the header from the page's URL, if
// any), so that picking an old entry does not blank the headers editor.

const NAMESPACE = 'graphiql:';
const HEADERLESS = new Set([`${NAMESPACE}queries`, `${NAMESPACE}favorites`]);

function mapEntries(key, value, f) {
  try {
    const parsed = JSON.parse(value);
    const name = key.slice(NAMESPACE.length);
    if (!parsed || !Array.isArray(parsed[name])) return value;
    return JSON.stringify({ ...parsed, [name]: parsed[name].map(f) });
  } catch {
    return value;
  }
}

export function graphiqlStorage(headersOnRead) {
  return {
    getItem(key) {
      const value = localStorage.getItem(key);
      if (value === null || !HEADERLESS.has(key)) return value;
      return mapEntries(key, value, (entry) => ({ ...entry, headers: headersOnRead }));
    },
    setItem(key, value) {
      if (HEADERLESS.has(key)) {
        value = mapEntries(key, value, ({ headers: _dropped, ...entry }) => entry);
      }
      localStorage.setItem(key, value);
    },
    removeItem(key) {
      localStorage.removeItem(key);
    },
    get length() {
      let n = 0;
      for (let i = 0; i < localStorage.length; i++) {
        if (localStorage.key(i)?.startsWith(NAMESPACE)) n += 1;
      }
      return n;
    },
    clear() {
      const keys = [];
      for (let i = 0; i < localStorage.length; i++) {
        const key = localStorage.key(i);
        if (key?.startsWith(NAMESPACE)) keys.push(key);
      }
      for (const key of keys) localStorage.removeItem(key);
    },
  };
}
