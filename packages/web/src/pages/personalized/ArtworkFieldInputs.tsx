import {
  ApiError,
  ARTWORK_LABEL_MAX,
  ARTWORK_TEXT_MAX,
  type ArtworkField,
  type ClipartGroup,
  type DesignLayer,
  type SellerFont,
} from '@printloom/core';
import Form from 'react-bootstrap/Form';

/** The parts of a buyer field that an error can name, as the server's error keys end. */
const FIELD_PARTS = ['layer_id', 'label', 'max_length', 'colors', 'font_ids', 'group_id'] as const;
export type ArtworkFieldPart = (typeof FIELD_PARTS)[number];
export type ArtworkFieldErrors = Partial<Record<ArtworkFieldPart, string>>;

/**
 * The errors a failed artwork save names for the field at `index` of the fields sent
 * (`fields.{index}.label`, `fields.{index}.colors.1` …), first message of each part.
 */
export function artworkFieldErrors(error: unknown, index: number): ArtworkFieldErrors {
  const found: ArtworkFieldErrors = {};
  if (!(error instanceof ApiError) || !error.errors || index < 0) return found;
  for (const [key, messages] of Object.entries(error.errors)) {
    const [root, at, part] = key.split('.');
    if (root !== 'fields' || at !== String(index)) continue;
    const named = FIELD_PARTS.find((p) => p === part);
    const message = messages[0];
    if (named && message && !found[named]) found[named] = message;
  }
  return found;
}

/** Whether a failed artwork save named any field part: else its message belongs above the form. */
export function namesArtworkField(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    Object.keys(error.errors ?? {}).some((key) => /^fields\.\d+\.[a-z_]+/.test(key))
  );
}

/** A new buyer field for a design layer: a text the buyer rewrites, or a clipart choice. */
export function newArtworkField(
  layer: Pick<DesignLayer, 'layer_id' | 'type' | 'content'>,
  groups: readonly Pick<ClipartGroup, 'id'>[],
): ArtworkField {
  return layer.type === 'text'
    ? {
        kind: 'text',
        layer_id: layer.layer_id,
        label: 'Your text',
        max_length: Math.min(ARTWORK_TEXT_MAX, Math.max(layer.content.length, 12)),
        font_ids: [],
        colors: [],
      }
    : {
        kind: 'clipart',
        layer_id: layer.layer_id,
        label: 'Your picture',
        group_id: groups[0]?.id ?? 0,
      };
}

/** A clipart choice needs its group before it can be saved. */
export const isArtworkFieldComplete = (field: ArtworkField) =>
  field.kind === 'text' || field.group_id > 0;

/** What a field of a part shows: invalid with its message, described by it. */
function invalid(id: string, message: string | undefined) {
  return message
    ? { isInvalid: true, 'aria-invalid': true as const, 'aria-describedby': `${id}-error` }
    : {};
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <Form.Control.Feedback type="invalid" id={`${id}-error`} className="d-block">
      {message}
    </Form.Control.Feedback>
  ) : null;
}

/**
 * The settings of one buyer field (issue 16): the label the buyer sees, and for a text its
 * length limit and the colours and seller fonts allowed, for an image its clipart group. The
 * Artworks page and the design editor both edit fields with it. `id` prefixes the input ids.
 */
export function ArtworkFieldInputs({
  id,
  field,
  onChange,
  fonts,
  groups,
  errors = {},
  compact = false,
}: {
  id: string;
  field: ArtworkField;
  onChange: (field: ArtworkField) => void;
  fonts: readonly SellerFont[];
  groups: readonly ClipartGroup[];
  errors?: ArtworkFieldErrors;
  /** One column, as in the editor's side panel. */
  compact?: boolean;
}) {
  const half = compact ? 'col-12' : 'col-md-6';
  return (
    <div className="row g-2 mt-1">
      <div className={half}>
        <Form.Label htmlFor={`${id}-label`}>Label shown to the buyer</Form.Label>
        <Form.Control
          id={`${id}-label`}
          value={field.label}
          maxLength={ARTWORK_LABEL_MAX}
          onChange={(event) => onChange({ ...field, label: event.target.value })}
          {...invalid(`${id}-label`, errors.label)}
        />
        <FieldError id={`${id}-label`} message={errors.label} />
      </div>
      {field.kind === 'text' ? (
        <>
          <div className={half}>
            <Form.Label htmlFor={`${id}-max`}>Most characters</Form.Label>
            <Form.Control
              id={`${id}-max`}
              type="number"
              min={1}
              max={ARTWORK_TEXT_MAX}
              value={field.max_length}
              onChange={(event) =>
                onChange({ ...field, max_length: Number(event.target.value) || 0 })
              }
              {...invalid(`${id}-max`, errors.max_length)}
            />
            <FieldError id={`${id}-max`} message={errors.max_length} />
          </div>
          <div className="col-12">
            <Form.Label htmlFor={`${id}-colors`}>Colours the buyer may choose</Form.Label>
            <Form.Control
              id={`${id}-colors`}
              placeholder="#000000, #ffffff"
              defaultValue={field.colors.join(', ')}
              aria-describedby={`${id}-colors-help${errors.colors ? ` ${id}-colors-error` : ''}`}
              isInvalid={errors.colors !== undefined}
              aria-invalid={errors.colors ? true : undefined}
              onChange={(event) =>
                onChange({
                  ...field,
                  colors: event.target.value
                    .split(/[\s,]+/)
                    .map((c) => c.trim())
                    .filter(Boolean),
                })
              }
            />
            <FieldError id={`${id}-colors`} message={errors.colors} />
            <Form.Text id={`${id}-colors-help`}>
              Colours written #rrggbb, separated by commas; none keeps the design's colour.
            </Form.Text>
          </div>
          <fieldset
            className="col-12"
            aria-describedby={errors.font_ids ? `${id}-fonts-error` : undefined}
          >
            <legend className="form-label fs-6 mb-1">Fonts the buyer may choose</legend>
            {fonts.length === 0 ? (
              <p className="small text-body-secondary mb-0">
                Upload fonts on the Fonts page to offer them; the design's font is always used
                otherwise.
              </p>
            ) : (
              fonts.map((font) => (
                <Form.Check
                  inline
                  key={font.id}
                  id={`${id}-font-${font.id}`}
                  label={font.full_name}
                  checked={field.font_ids.includes(font.id)}
                  onChange={(event) =>
                    onChange({
                      ...field,
                      font_ids: event.target.checked
                        ? [...field.font_ids, font.id]
                        : field.font_ids.filter((f) => f !== font.id),
                    })
                  }
                />
              ))
            )}
            <FieldError id={`${id}-fonts`} message={errors.font_ids} />
          </fieldset>
        </>
      ) : (
        <div className={half}>
          <Form.Label htmlFor={`${id}-group`}>Clipart group</Form.Label>
          <Form.Select
            id={`${id}-group`}
            value={field.group_id || ''}
            onChange={(event) => onChange({ ...field, group_id: Number(event.target.value) })}
            {...invalid(`${id}-group`, errors.group_id)}
          >
            <option value="">Choose a group</option>
            {groups.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name} ({g.clipart_count})
              </option>
            ))}
          </Form.Select>
          <FieldError id={`${id}-group`} message={errors.group_id} />
        </div>
      )}
      {errors.layer_id ? (
        <div className="col-12 small text-danger" role="alert">
          {errors.layer_id}
        </div>
      ) : null}
    </div>
  );
}
