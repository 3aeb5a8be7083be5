/** The few pages the login shows itself: refused (no role that lets the user in), a failed login, the logout's confirmation and its end. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(title: string, inner: string): string {
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;background:#f3f4f6;display:flex;justify-content:center;padding-top:10vh}
main{background:#fff;padding:2rem 2.5rem;border-radius:8px;box-shadow:0 2px 12px #0002;max-width:34rem}
a.button,button{display:inline-block;border:0;font:inherit;cursor:pointer;margin-top:1rem;padding:.6rem 1rem;background:#635dff;color:#fff;border-radius:4px;text-decoration:none}</style></head>
<body><main>${inner}</main></body></html>`;
}

export interface RefusedPage {
  /** Who logged in (e-mail or name), shown so they know which account was refused. */
  who: string;
  /** What they tried to reach: "the Node-RED editor" or "this page". */
  what: string;
  /** The roles that would let them in. */
  roles: string[];
  /** Ends the Auth0 session, so they can log in as someone else. */
  switchUserUrl: string;
}

export function refusedPage(p: RefusedPage): string {
  const roles = p.roles.map((r) => `<code>${escapeHtml(r)}</code>`).join(', ');
  return page(
    'Access refused',
    `<h1>Access refused</h1>
<p>You are logged in with Auth0 as <strong>${escapeHtml(p.who)}</strong>, but none of your Auth0 roles gives access to ${escapeHtml(p.what)}.</p>
<p>Ask a tenant administrator to assign you one of these roles: ${roles || '(none configured)'}; then log in again.</p>
<a class="button" href="${escapeHtml(p.switchUserUrl)}">Log in as someone else</a>`,
  );
}

export function loginFailedPage(reason: string, retryUrl: string): string {
  return page('Login failed', `<h1>Login failed</h1><p>${escapeHtml(reason)}</p><a class="button" href="${escapeHtml(retryUrl)}">Try again</a>`);
}

/** Shown when another site sent the browser to the logout path: the user's own click logs out. */
export function logoutConfirmPage(action: string): string {
  return page(
    'Log out',
    `<h1>Log out?</h1><p>Another site sent you here to end your session. Log out only if you meant to.</p>
<form method="post" action="${escapeHtml(action)}"><button type="submit">Log out</button></form>`,
  );
}

/** Where Auth0 sends the browser back after a logout: it says the logout worked, and offers the login again. */
export function loggedOutPage(loginUrl: string): string {
  return page(
    'Logged out',
    `<h1>You are logged out</h1><p>Your session here and your Auth0 session have ended. To use the pages again, log in again.</p>
<a class="button" href="${escapeHtml(loginUrl)}">Log in again</a>`,
  );
}
