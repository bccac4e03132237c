import type { EmailBlock } from './emailCampaigns.js';

/** What a rendered campaign mail links to; the server signs each address per recipient. */
export interface CampaignMailLinks {
  /** The address a link of the mail goes through (the click redirect), given the target. */
  link(url: string): string;
  unsubscribeUrl: string;
  /** The open pixel; omitted in previews. */
  pixelUrl?: string;
}

export interface CampaignMailContent {
  subject: string;
  preheader?: string | undefined;
  blocks: readonly EmailBlock[];
  /** Footer: the store's postal address and unsubscribe sentence. */
  footer?: { address?: string | null; unsubscribeText?: string | null };
}

export const DEFAULT_UNSUBSCRIBE_TEXT = 'You receive this mail because you subscribed to our news.';

const FONT = 'font-family:Arial,Helvetica,sans-serif;';

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Every address a block links to: the only targets the click redirect accepts. */
export function campaignLinkTargets(blocks: readonly EmailBlock[]): string[] {
  const targets = new Set<string>();
  for (const block of blocks) {
    if (block.type === 'button') targets.add(block.href);
    if (block.type === 'image' && block.href) targets.add(block.href);
  }
  return [...targets];
}

function row(content: string, style = ''): string {
  return `<tr><td style="padding:8px 24px;${style}">${content}</td></tr>`;
}

function blockHtml(block: EmailBlock, links: CampaignMailLinks): string {
  switch (block.type) {
    case 'heading':
      return row(
        `<h1 style="margin:0;${FONT}font-size:24px;line-height:32px;color:#111111;text-align:${block.align ?? 'left'};">${escapeHtml(block.text)}</h1>`,
      );
    case 'text':
      return row(
        block.text
          .split(/\n{2,}/)
          .map(
            (p) =>
              `<p style="margin:0 0 12px 0;${FONT}font-size:16px;line-height:24px;color:#333333;text-align:${block.align ?? 'left'};">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`,
          )
          .join(''),
      );
    case 'image': {
      const img = `<img src="${escapeHtml(block.src)}" alt="${escapeHtml(block.alt)}" width="552" style="display:block;width:100%;max-width:552px;height:auto;border:0;outline:none;text-decoration:none;">`;
      return row(
        block.href
          ? `<a href="${escapeHtml(links.link(block.href))}" target="_blank">${img}</a>`
          : img,
      );
    }
    case 'button': {
      const color = block.color ?? '#1a73e8';
      return row(
        `<table role="presentation" cellpadding="0" cellspacing="0" border="0" align="center"><tr><td bgcolor="${color}" style="border-radius:4px;background:${color};"><a href="${escapeHtml(links.link(block.href))}" target="_blank" style="display:inline-block;padding:12px 24px;${FONT}font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:4px;">${escapeHtml(block.label)}</a></td></tr></table>`,
        'text-align:center;',
      );
    }
    case 'divider':
      return row(
        '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"><tr><td style="border-top:1px solid #dddddd;font-size:0;line-height:0;">&nbsp;</td></tr></table>',
      );
  }
}

function blockText(block: EmailBlock, links: CampaignMailLinks): string {
  switch (block.type) {
    case 'heading':
      return block.text.toUpperCase();
    case 'text':
      return block.text;
    case 'image':
      return block.href ? `${block.alt} ${links.link(block.href)}` : block.alt;
    case 'button':
      return `${block.label}: ${links.link(block.href)}`;
    case 'divider':
      return '----';
  }
}

/**
 * A campaign as a mail: table-based HTML with inline styles (one 600 px column that shrinks on
 * small screens; what mail clients render alike), a hidden preheader, the footer with the
 * unsubscribe link and the open pixel; and the plain-text part.
 */
export function renderCampaignEmail(
  content: CampaignMailContent,
  links: CampaignMailLinks,
): { html: string; text: string } {
  const unsubscribeText = content.footer?.unsubscribeText?.trim() || DEFAULT_UNSUBSCRIBE_TEXT;
  const address = content.footer?.address?.trim() ?? '';
  const preheader = content.preheader?.trim()
    ? `<div style="display:none;max-height:0;overflow:hidden;mso-hide:all;">${escapeHtml(content.preheader.trim())}</div>`
    : '';
  const footer = row(
    `<p style="margin:0;${FONT}font-size:12px;line-height:18px;color:#888888;text-align:center;">${escapeHtml(unsubscribeText)}<br>${address ? `${escapeHtml(address).replace(/\n/g, '<br>')}<br>` : ''}<a href="${escapeHtml(links.unsubscribeUrl)}" style="color:#888888;text-decoration:underline;">Unsubscribe</a></p>`,
    'padding-top:24px;',
  );
  const pixel = links.pixelUrl
    ? `<img src="${escapeHtml(links.pixelUrl)}" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0;">`
    : '';
  const html = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="x-apple-disable-message-reformatting"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f4f4;">${preheader}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f4f4f4;"><tr><td align="center" style="padding:16px 8px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background:#ffffff;border-radius:6px;">
<tr><td style="height:16px;font-size:0;line-height:0;">&nbsp;</td></tr>
${content.blocks.map((b) => blockHtml(b, links)).join('\n')}
${footer}
<tr><td style="height:16px;font-size:0;line-height:0;">&nbsp;</td></tr>
</table></td></tr></table>${pixel}
</body></html>`;
  const text = [
    ...content.blocks.map((b) => blockText(b, links)),
    '',
    unsubscribeText,
    ...(address ? [address] : []),
    `Unsubscribe: ${links.unsubscribeUrl}`,
  ].join('\n\n');
  return { html, text };
}
