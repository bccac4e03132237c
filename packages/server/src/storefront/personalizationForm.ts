import { html, type Raw } from './html.js';
import type { PersonalFieldView, ProductPersonalization } from './personalization.js';

/**
 * The product page's personalisation fieldset (issue 16): a text input per text field (label,
 * the seller's text as example, the length limit, the fonts and colours the seller allowed) and
 * a radio group of thumbnails per clipart field, above a live preview image the storefront
 * script redraws (debounced) from the preview route while the buyer types. The server checks
 * the values when they go in the cart and again at checkout; its messages are shown under each
 * field (`data-error-for`).
 */
export function personalizationForm(personal: ProductPersonalization): Raw {
  const check = personal.previewUrl.replace(/\/preview\.png$/, '/personalization');
  return html`<fieldset id="personalize" class="personalize" data-preview="${personal.previewUrl}" data-check="${check}" data-print-space="${personal.printSpace}">
<legend>Personalise it</legend>
<figure class="preview"><img id="personal-preview" src="${personal.previewUrl}" alt="Preview of your personalised design" width="${personal.width}" height="${personal.height}">
<figcaption id="preview-status" class="muted" role="status" aria-live="polite">The preview follows what you type.</figcaption></figure>
${personal.fields.map((field, i) => fieldHtml(field, `pf-${i}`))}
<p id="personal-error" class="notice error" role="alert" hidden></p>
</fieldset>`;
}

function errorLine(id: string, field: PersonalFieldView): Raw {
  return html`<p class="field-error" id="${id}-error" data-error-for="${field.print_space}.${field.layer_id}" hidden></p>`;
}

function fieldHtml(field: PersonalFieldView, id: string): Raw {
  const data = html` data-print-space="${field.print_space}" data-layer="${field.layer_id}" data-kind="${field.kind}"`;
  if (field.kind === 'clipart') {
    return html`<fieldset class="pfield"${data} aria-describedby="${id}-error"><legend>${field.label}</legend>
<div class="cliparts">${field.cliparts.map(
      (clipart) =>
        html`<label><input type="radio" name="${id}" value="${clipart.id}"><img src="${clipart.url}" alt="${clipart.name}" width="64" height="64"></label>`,
    )}</div>${errorLine(id, field)}</fieldset>`;
  }
  return html`<div class="pfield"${data}>
<label for="${id}">${field.label}</label>
<input id="${id}" name="${id}" type="text" maxlength="${field.max_length}" aria-required="true" autocomplete="off" placeholder="${field.placeholder}" aria-describedby="${id}-help ${id}-error">
<p class="muted" id="${id}-help">Up to ${field.max_length} characters.</p>
${
  field.fonts.length > 0
    ? html`<label for="${id}-font">Font</label><select id="${id}-font" name="${id}-font" data-part="font"><option value="">As designed</option>${field.fonts.map(
        (font) => html`<option value="${font.id}">${font.name}</option>`,
      )}</select>`
    : ''
}${
  field.colors.length > 0
    ? html`<fieldset class="pcolors"><legend>Text colour</legend><div class="swatches"><label><input type="radio" name="${id}-color" value="" data-part="color" checked><span class="dot" style="background:${field.design_color}"></span> As designed</label>${field.colors.map(
        (color) =>
          html`<label><input type="radio" name="${id}-color" value="${color}" data-part="color"><span class="dot" style="background:${color}"></span> ${color}</label>`,
      )}</div></fieldset>`
    : ''
}${errorLine(id, field)}</div>`;
}

/** Styles of the personalisation fieldset, added to the storefront's own. */
export const PERSONALIZATION_CSS =
  '.personalize{border:1px solid #dee2e6;border-radius:.5rem;padding:1rem;margin:1rem 0}.personalize>legend{padding:0 .25rem}' +
  '.preview{margin:0 0 1rem}.preview img{width:100%;max-width:24rem;height:auto;background:#f1f3f5;border-radius:.5rem}' +
  '.pfield{margin-bottom:1rem}.cliparts{display:flex;gap:.5rem;flex-wrap:wrap}.cliparts label{border:2px solid #adb5bd;border-radius:.4rem;padding:.25rem;display:flex;align-items:center;gap:.25rem}' +
  '.cliparts label:has(input:checked){border-color:#1d2125}.cliparts img{width:4rem;height:4rem;object-fit:contain}.cliparts input{width:auto}' +
  '.dot{display:inline-block;width:1rem;height:1rem;border-radius:50%;border:1px solid #6c757d}.field-error{color:#842029;margin:.25rem 0 0}';
