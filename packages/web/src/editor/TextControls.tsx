import {
  TEXT_CASE_MODES,
  TEXT_DISPLAY_STYLES,
  TEXT_WIDTH_MODES,
  type TextCaseMode,
  type TextObject,
  textLength,
} from '@printloom/core';
import { useId, useMemo } from 'react';
import { useEditorSellerFonts } from '../api/hooks/usePersonalized.js';
import type { EditorStore } from './createEditorStore.js';
import type { TextPatch } from './editorReducer.js';
import { ensureFont, fontOptions, sellerFontOptions } from './fonts.js';

const CASE_LABELS: Record<TextCaseMode, string> = {
  capitalize: 'Capitalize',
  uppercase: 'UPPERCASE',
  lowercase: 'lowercase',
};
const WIDTH_LABELS: Record<TextObject['widthMode'], string> = {
  fixed: 'Fixed: keeps its width',
  limited: 'Limited: never wider than now',
  flexible: 'Flexible: follows the text',
};
const STYLE_LABELS: Record<TextObject['displayStyle'], string> = {
  color: 'Coloured text',
  transparent: 'Transparent (hidden)',
  image_background: 'Image background',
};
const ALIGNS = ['left', 'center', 'right'] as const;

/** A colour input needs #rrggbb; the design may hold #rgb. */
function longHex(color: string): string {
  return /^#[0-9a-f]{3}$/i.test(color)
    ? `#${[...color.slice(1)].map((c) => c + c).join('')}`
    : color;
}

/** The properties of the selected text (spec §5): text, case, width mode, alignment, font, colour, style. */
export function TextControls({
  store,
  text,
  disabled,
}: {
  store: EditorStore;
  text: TextObject;
  disabled: boolean;
}) {
  const id = useId();
  const edit = (patch: TextPatch) => store.dispatch({ type: 'editText', id: text.id, patch });
  const sellerFonts = useEditorSellerFonts();
  const ownFonts = useMemo(() => sellerFontOptions(sellerFonts), [sellerFonts]);
  const fonts = fontOptions(text, ownFonts);
  const currentFont = fonts.findIndex((f) => f.url === (text.fontUrl ?? null));
  return (
    <fieldset className="vstack gap-2" disabled={disabled} data-testid="text-controls">
      <legend className="h6 mb-1">Text</legend>
      <div>
        <label htmlFor={`${id}-text`} className="form-label small mb-1">
          Text
        </label>
        <div className="input-group input-group-sm">
          <input
            id={`${id}-text`}
            className="form-control"
            value={text.text}
            onChange={(e) => edit({ text: e.target.value })}
            aria-describedby={`${id}-count`}
          />
          <span className="input-group-text" id={`${id}-count`}>
            {textLength(text.text)}/{text.maxLength}
          </span>
        </div>
      </div>
      <div className="row g-2">
        <div className="col-6">
          <label htmlFor={`${id}-case`} className="form-label small mb-1">
            Case
          </label>
          <select
            id={`${id}-case`}
            className="form-select form-select-sm"
            value={text.convertText ?? ''}
            onChange={(e) =>
              edit({ convertText: e.target.value === '' ? null : (e.target.value as TextCaseMode) })
            }
          >
            <option value="">As typed</option>
            {TEXT_CASE_MODES.map((mode) => (
              <option key={mode} value={mode}>
                {CASE_LABELS[mode]}
              </option>
            ))}
          </select>
        </div>
        <div className="col-6">
          <label htmlFor={`${id}-width`} className="form-label small mb-1">
            Width
          </label>
          <select
            id={`${id}-width`}
            className="form-select form-select-sm"
            value={text.widthMode}
            onChange={(e) => edit({ widthMode: e.target.value as TextObject['widthMode'] })}
          >
            {TEXT_WIDTH_MODES.map((mode) => (
              <option key={mode} value={mode}>
                {WIDTH_LABELS[mode]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <fieldset>
        <legend className="form-label small mb-1">Alignment</legend>
        <div className="btn-group btn-group-sm">
          {ALIGNS.map((align) => (
            <span key={align} className="d-contents">
              <input
                type="radio"
                className="btn-check"
                name={`${id}-align`}
                id={`${id}-align-${align}`}
                checked={text.textAlign === align}
                onChange={() => edit({ textAlign: align })}
              />
              <label className="btn btn-outline-primary" htmlFor={`${id}-align-${align}`}>
                {align[0]?.toUpperCase()}
                {align.slice(1)}
              </label>
            </span>
          ))}
        </div>
      </fieldset>
      <div className="row g-2">
        <div className="col-8">
          <label htmlFor={`${id}-font`} className="form-label small mb-1">
            Font
          </label>
          <select
            id={`${id}-font`}
            className="form-select form-select-sm"
            value={String(Math.max(currentFont, 0))}
            onChange={async (e) => {
              const font = fonts[Number(e.target.value)];
              if (!font) return;
              try {
                await ensureFont(font.url);
                edit({ font: { family: font.label, url: font.url } });
              } catch {
                store.dispatch({
                  type: 'refuse',
                  message: `The font ${font.label} could not be loaded.`,
                });
              }
            }}
          >
            {fonts.map((font, index) => (
              <option key={font.url ?? 'default'} value={index}>
                {font.label}
              </option>
            ))}
          </select>
        </div>
        <div className="col-4">
          <label htmlFor={`${id}-fill`} className="form-label small mb-1">
            Colour
          </label>
          <input
            id={`${id}-fill`}
            type="color"
            className="form-control form-control-sm form-control-color w-100"
            value={longHex(text.fill)}
            onChange={(e) => edit({ fill: e.target.value })}
          />
        </div>
      </div>
      <div>
        <label htmlFor={`${id}-style`} className="form-label small mb-1">
          Display style
        </label>
        <select
          id={`${id}-style`}
          className="form-select form-select-sm"
          value={text.displayStyle}
          onChange={(e) => edit({ displayStyle: e.target.value as TextObject['displayStyle'] })}
        >
          {TEXT_DISPLAY_STYLES.map((style) => (
            <option key={style} value={style}>
              {STYLE_LABELS[style]}
            </option>
          ))}
        </select>
      </div>
    </fieldset>
  );
}
