// A page the server writes itself as plain HTML (no script: the CSP allows none inline), with one small
// style block (style-src allows inline styles): the cross-site sign-out's confirmation, the local mailbox.

/** The whole document around `body`; `title` and `style` are placed as they are (escape what needs it). */
export function plainPage({ title, style, body }: { title: string; style: string; body: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<style>${style}</style>
</head>
<body>
${body}
</body>
</html>`;
}
