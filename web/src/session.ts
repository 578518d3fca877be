// The signed-in token: where it is kept and how it arrives.
//
// By default the token lives in sessionStorage (this tab, until it closes);
// "stay signed in" moves it to localStorage. It never stays in the address:
// a sign-in link carries it in the fragment (`/#token=tl_...`, which no
// browser sends to a server), and the page takes it out at once. A link's
// token is saved only once the person accepts the account it names
// (Root.tsx), and then in sessionStorage.

const KEY = 'tasklens.token';
const TOKEN = /^tl_[A-Za-z0-9_-]{1,100}$/;

export function isToken(text: string): boolean {
  return TOKEN.test(text);
}

export function loadToken(): string | null {
  const token = sessionStorage.getItem(KEY) ?? localStorage.getItem(KEY);
  return token !== null && isToken(token) ? token : null;
}

export function saveToken(token: string, remember: boolean): void {
  clearToken();
  (remember ? localStorage : sessionStorage).setItem(KEY, token);
}

export function clearToken(): void {
  sessionStorage.removeItem(KEY);
  localStorage.removeItem(KEY);
}

/** A token from a sign-in link (`#token=tl_...`), removed from the address. */
export function takeTokenFromLink(): string | null {
  const match = /^#token=([^&]*)/.exec(window.location.hash);
  if (match === null) return null;
  window.history.replaceState(null, '', `${window.location.pathname}#/`);
  let token: string;
  try {
    token = decodeURIComponent(match[1]);
  } catch {
    return null;
  }
  return isToken(token) ? token : null;
}
