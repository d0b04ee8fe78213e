import type { MailLink } from '@shared/mail';

/** A message before it is queued: both bodies written from the same parts. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
  links: MailLink[];
}

interface MailParts {
  subject: string;
  greeting: string;
  paragraphs: string[];
  /** The one thing to do, shown as a button (and as a plain address in the text body). */
  action?: MailLink;
  /** Lines shown as a small table (a receipt's items), label then value. */
  rows?: [string, string][];
  footnote?: string;
}

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/**
 * Plain text plus simple HTML in the product's look (the brand's script name, its rose button):
 * inline styles only, since mail clients drop style sheets.
 */
export function composeMail(parts: MailParts): MailContent {
  const rowsText = parts.rows?.map(([label, value]) => `${label}: ${value}`) ?? [];
  const text = [
    parts.greeting,
    '',
    ...parts.paragraphs.flatMap((p) => [p, '']),
    ...(rowsText.length > 0 ? [...rowsText, ''] : []),
    ...(parts.action ? [`${parts.action.label}: ${parts.action.url}`, ''] : []),
    ...(parts.footnote ? [parts.footnote, ''] : []),
    '— Soul Tribe',
  ].join('\n');
  const rowsHtml = parts.rows?.length
    ? `<table role="presentation" style="width:100%;border-collapse:collapse;margin:8px 0 16px">${parts.rows
        .map(
          ([label, value]) =>
            `<tr><td style="padding:6px 0;border-bottom:1px solid #f3e8ee;color:#6b5563">${escapeHtml(label)}</td><td style="padding:6px 0;border-bottom:1px solid #f3e8ee;text-align:right;font-weight:600">${escapeHtml(value)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const actionHtml = parts.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(parts.action.url)}" style="background:#be185d;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(parts.action.label)}</a></p><p style="font-size:12px;color:#6b5563;word-break:break-all">Or open this address: ${escapeHtml(parts.action.url)}</p>`
    : '';
  const html = `<!doctype html><html><body style="margin:0;background:#fdf2f8;font-family:Georgia,'Playfair Display',serif;color:#2d1b26">
<div style="max-width:560px;margin:0 auto;padding:24px">
<p style="font-family:'Alex Brush',cursive;font-size:32px;color:#be185d;margin:0 0 16px">Soul Tribe</p>
<div style="background:#ffffff;border-radius:12px;padding:24px;border:1px solid #f3e8ee">
<p style="margin:0 0 16px">${escapeHtml(parts.greeting)}</p>
${parts.paragraphs.map((p) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p)}</p>`).join('\n')}
${rowsHtml}${actionHtml}
${parts.footnote ? `<p style="font-size:12px;color:#6b5563;margin:16px 0 0">${escapeHtml(parts.footnote)}</p>` : ''}
</div>
<p style="font-size:12px;color:#6b5563;text-align:center;margin-top:16px">Soul Tribe · readings with psychic readers</p>
</div></body></html>`;
  return { subject: parts.subject, text, html, links: parts.action ? [parts.action] : [] };
}
