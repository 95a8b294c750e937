import { PRODUCT_NAME } from '@cc/contracts';

/** What every e-mail says, before the layout wraps it: a heading, paragraphs and at most one button. */
export interface EmailContent {
  subject: string;
  /** Shown in inbox previews. */
  preview: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** A closing line under the button (e.g. "This link works for 60 minutes."). */
  footnote?: string;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const FOOTER =
  `${PRODUCT_NAME} is an AI-powered self-help tool for VA benefits. It is not affiliated with or endorsed by the ` +
  'U.S. Department of Veterans Affairs, and it gives no legal, medical or financial advice.';

/**
 * The HTML and plain-text parts of one e-mail. Inline styles only (mail clients drop style
 * sheets), a table layout, no images or remote content, every value escaped.
 */
export function renderEmail(content: EmailContent, appUrl: string): RenderedEmail {
  const paragraphs = content.paragraphs.map((p) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p)}</p>`).join('\n');
  const button = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#1d4ed8;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;display:inline-block;font-weight:600">${escapeHtml(content.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#475569">If the button does not work, copy this address into your browser:<br><span style="word-break:break-all">${escapeHtml(content.action.url)}</span></p>`
    : '';
  const footnote = content.footnote ? `<p style="margin:0 0 16px;font-size:13px;color:#475569">${escapeHtml(content.footnote)}</p>` : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<span style="display:none;max-height:0;overflow:hidden">${escapeHtml(content.preview)}</span>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9;padding:24px 0"><tr><td align="center">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:8px">
<tr><td style="padding:20px 28px;border-bottom:1px solid #e2e8f0;font-size:18px;font-weight:700;color:#1d4ed8">${escapeHtml(PRODUCT_NAME)}</td></tr>
<tr><td style="padding:28px">
<h1 style="margin:0 0 20px;font-size:22px;line-height:1.3">${escapeHtml(content.heading)}</h1>
${paragraphs}
${button}
${footnote}
</td></tr>
<tr><td style="padding:20px 28px;border-top:1px solid #e2e8f0;font-size:12px;line-height:1.5;color:#64748b">${escapeHtml(FOOTER)}<br><a href="${escapeHtml(appUrl)}/settings" style="color:#64748b">Choose which e-mails you get</a></td></tr>
</table></td></tr></table>
</body></html>
`;
  const text = [
    PRODUCT_NAME,
    '',
    content.heading,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    ...(content.footnote ? [content.footnote, ''] : []),
    '--',
    FOOTER,
    `Choose which e-mails you get: ${appUrl}/settings`,
    '',
  ].join('\n');
  return { subject: content.subject, html, text };
}
