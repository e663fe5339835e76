// The HTML the hosts serve outside the API: the login page an unauthenticated browser lands on,
// and error pages (what a proxy or a crashed app shows instead of JSON).

export const LOGIN_PAGE = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>Login</title></head>
<body>
<form method="POST" action="/login">
<h1>Sign in</h1>
<label>Email <input type="email" name="email"></label>
<label>Password <input type="password" name="password"></label>
<button type="submit">Login</button>
</form>
</body>
</html>
`;

export function errorPage(status: number, title: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>${title}</title></head>
<body><div class="code">${status}</div><div class="message">${title}</div></body>
</html>
`;
}
