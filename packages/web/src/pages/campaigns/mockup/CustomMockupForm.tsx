import {
  type CustomMockup,
  type CustomMockupArea,
  CustomMockupBody,
  errorMessage,
} from '@printloom/core';
import { type PointerEvent, useEffect, useId, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { api } from '../../../api/client.js';
import { useSaveCustomMockup } from '../../../api/hooks/useCustomMockups.js';
import { drawCustomMockupOn } from '../../../editor/customMockupRender.js';
import {
  decodeImage,
  type LoadedImage,
  loadImage,
  rememberImage,
} from '../../../editor/imageCache.js';
import { FormError } from '../../auth/FormError.js';

/** Blob-store folder of the sellers' mockup photos. */
export const CUSTOM_MOCKUP_FOLDER = 'custom-mockups';
/** Widest the photo is shown while marking its area, in CSS pixels. */
const MARKING_WIDTH = 560;
/** Long side of the preview render. */
const PREVIEW_SIZE = 500;

interface Photo {
  fileUrl: string;
  image: LoadedImage | null;
  width: number;
  height: number;
}

/** A print area in the middle of the photo, half its size: where a chest print usually sits. */
export function defaultArea(width: number, height: number): CustomMockupArea {
  const w = Math.max(8, Math.round(width / 2));
  const h = Math.max(8, Math.round(height / 2));
  return { x: Math.round((width - w) / 2), y: Math.round((height - h) / 2), width: w, height: h };
}

/** The rectangle between two points of the photo, kept inside it. */
export function areaBetween(
  a: { x: number; y: number },
  b: { x: number; y: number },
  photo: { width: number; height: number },
): CustomMockupArea {
  const clampX = (v: number) => Math.min(photo.width, Math.max(0, Math.round(v)));
  const clampY = (v: number) => Math.min(photo.height, Math.max(0, Math.round(v)));
  const x0 = clampX(Math.min(a.x, b.x));
  const y0 = clampY(Math.min(a.y, b.y));
  return {
    x: x0,
    y: y0,
    width: clampX(Math.max(a.x, b.x)) - x0,
    height: clampY(Math.max(a.y, b.y)) - y0,
  };
}

const AREA_FIELDS = [
  ['x', 'Left'],
  ['y', 'Top'],
  ['width', 'Width'],
  ['height', 'Height'],
] as const;

/**
 * Creates or edits a custom mockup: the photo (uploaded as soon as it is chosen), a name and
 * the print area, marked by dragging on the photo or typed in pixels. A design file can be
 * tried on it: the preview is drawn by the renderer's drawMockup, as campaigns will be.
 */
export function CustomMockupForm(props: { mockup: CustomMockup | null; onDone: () => void }) {
  const { mockup } = props;
  const formId = useId();
  const save = useSaveCustomMockup();
  const [name, setName] = useState(mockup?.name ?? '');
  const [photo, setPhoto] = useState<Photo | null>(
    mockup
      ? { fileUrl: mockup.file_url, image: null, width: mockup.width, height: mockup.height }
      : null,
  );
  const [area, setArea] = useState<CustomMockupArea>(
    mockup?.print_area ?? { x: 0, y: 0, width: 0, height: 0 },
  );
  const [design, setDesign] = useState<LoadedImage | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<unknown>(null);
  const [uploading, setUploading] = useState(false);

  useEffect(() => {
    if (!mockup) return;
    let live = true;
    loadImage(mockup.file_url).then(
      (image) => live && setPhoto((p) => (p ? { ...p, image } : p)),
      (error: unknown) => live && setProblem(error),
    );
    return () => {
      live = false;
    };
  }, [mockup]);

  const choosePhoto = async (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    setUploading(true);
    try {
      const image = await decodeImage(file);
      const uploaded = await api.uploads.uploadFile({
        file,
        fileName: `${Date.now()}_${file.name.replace(/[^A-Za-z0-9._-]/g, '_')}`,
        filePath: CUSTOM_MOCKUP_FOLDER,
      });
      rememberImage(uploaded.fileUrl, image);
      setPhoto({ fileUrl: uploaded.fileUrl, image, width: image.width, height: image.height });
      setArea(defaultArea(image.width, image.height));
      setErrors((e) => ({ ...e, file_url: '' }));
    } catch (error) {
      setProblem(error);
    } finally {
      setUploading(false);
    }
  };

  const chooseDesign = async (file: File | undefined) => {
    if (!file) return;
    try {
      setDesign(await decodeImage(file));
    } catch (error) {
      setProblem(error);
    }
  };

  const submit = async () => {
    setProblem(null);
    const parsed = CustomMockupBody.safeParse({
      name,
      file_url: photo?.fileUrl ?? '',
      width: photo?.width ?? 1,
      height: photo?.height ?? 1,
      print_area: area,
    });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? '');
        found[key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync({ id: mockup?.id ?? null, body: parsed.data });
      props.onDone();
    } catch (error) {
      setProblem(error);
    }
  };

  const heading = mockup ? `Edit ${mockup.name}` : 'New mockup';
  return (
    <Form
      aria-label={heading}
      className="card card-body mb-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2 className="h5">{heading}</h2>
      <FormError error={problem} />
      <div className="row g-3">
        <div className="col-md-6">
          <Form.Group className="mb-3" controlId={`${formId}-name`}>
            <Form.Label>Name</Form.Label>
            <Form.Control
              value={name}
              maxLength={120}
              isInvalid={Boolean(errors.name)}
              onChange={(event) => setName(event.target.value)}
            />
            <Form.Control.Feedback type="invalid">{errors.name}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group className="mb-3" controlId={`${formId}-photo`}>
            <Form.Label>Product photo</Form.Label>
            <Form.Control
              type="file"
              accept="image/png,image/jpeg,image/webp"
              disabled={uploading}
              isInvalid={Boolean(errors.file_url)}
              onChange={(event) => void choosePhoto((event.target as HTMLInputElement).files?.[0])}
            />
            <Form.Text>
              {uploading
                ? 'Uploading the photo…'
                : photo
                  ? `${photo.width} × ${photo.height} px`
                  : 'A photo of the blank product, PNG, JPEG or WebP.'}
            </Form.Text>
            <Form.Control.Feedback type="invalid">{errors.file_url}</Form.Control.Feedback>
          </Form.Group>
          <fieldset className="mb-3">
            <legend className="fs-6">Print area (photo pixels)</legend>
            <div className="row g-2">
              {AREA_FIELDS.map(([key, label]) => (
                <Form.Group className="col-6" key={key} controlId={`${formId}-${key}`}>
                  <Form.Label>{label}</Form.Label>
                  <Form.Control
                    type="number"
                    min={0}
                    value={area[key]}
                    disabled={!photo}
                    isInvalid={Boolean(errors.print_area)}
                    onChange={(event) =>
                      setArea((a) => ({ ...a, [key]: Math.round(Number(event.target.value)) }))
                    }
                  />
                </Form.Group>
              ))}
            </div>
            {errors.print_area ? (
              <div className="invalid-feedback d-block" role="alert">
                {errors.print_area}
              </div>
            ) : null}
          </fieldset>
          <Form.Group className="mb-3" controlId={`${formId}-design`}>
            <Form.Label>Try a design (not saved)</Form.Label>
            <Form.Control
              type="file"
              accept="image/png,image/jpeg,image/webp"
              disabled={!photo}
              onChange={(event) => void chooseDesign((event.target as HTMLInputElement).files?.[0])}
            />
          </Form.Group>
          <div className="d-flex gap-2">
            <Button type="submit" disabled={save.isPending || uploading}>
              {save.isPending ? 'Saving…' : mockup ? 'Save mockup' : 'Create mockup'}
            </Button>
            <Button variant="outline-secondary" onClick={props.onDone}>
              Cancel
            </Button>
          </div>
        </div>
        <div className="col-md-6">
          {photo?.image ? (
            <>
              <AreaMarker photo={photo.image} area={area} onArea={setArea} />
              {design ? (
                <MockupPreview
                  mockup={{ width: photo.width, height: photo.height, print_area: area }}
                  photo={photo.image}
                  design={design}
                />
              ) : null}
            </>
          ) : photo ? (
            <p className="text-body-secondary">Loading the photo…</p>
          ) : (
            <p className="text-body-secondary">Choose a photo to mark its print area.</p>
          )}
        </div>
      </div>
    </Form>
  );
}

/**
 * The photo with the print area outlined; dragging across it marks a new area (the number
 * fields beside it do the same from the keyboard).
 */
function AreaMarker(props: {
  photo: LoadedImage;
  area: CustomMockupArea;
  onArea: (area: CustomMockupArea) => void;
}) {
  const { photo, area, onArea } = props;
  const canvas = useRef<HTMLCanvasElement>(null);
  const start = useRef<{ x: number; y: number } | null>(null);
  const scale = Math.min(1, MARKING_WIDTH / photo.width);

  useEffect(() => {
    const target = canvas.current;
    const ctx = target?.getContext('2d');
    if (!target || !ctx) return;
    target.width = Math.round(photo.width * scale);
    target.height = Math.round(photo.height * scale);
    ctx.drawImage(photo.preview, 0, 0, target.width, target.height);
    ctx.fillStyle = 'rgba(13, 110, 253, 0.15)';
    ctx.fillRect(area.x * scale, area.y * scale, area.width * scale, area.height * scale);
    ctx.strokeStyle = '#0d6efd';
    ctx.lineWidth = 2;
    ctx.strokeRect(area.x * scale, area.y * scale, area.width * scale, area.height * scale);
  }, [photo, area, scale]);

  const at = (event: PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const factor = photo.width / (box.width || 1);
    return { x: (event.clientX - box.left) * factor, y: (event.clientY - box.top) * factor };
  };
  return (
    <canvas
      ref={canvas}
      className="img-fluid border mb-3"
      style={{ cursor: 'crosshair', touchAction: 'none' }}
      aria-label="Photo: drag to mark the print area"
      role="img"
      onPointerDown={(event) => {
        event.currentTarget.setPointerCapture?.(event.pointerId);
        start.current = at(event);
      }}
      onPointerMove={(event) => {
        if (start.current) onArea(areaBetween(start.current, at(event), photo));
      }}
      onPointerUp={(event) => {
        if (start.current) onArea(areaBetween(start.current, at(event), photo));
        start.current = null;
      }}
    />
  );
}

/** A design drawn on the photo by the renderer, as a campaign's mockup will be. */
export function MockupPreview(props: {
  mockup: Pick<CustomMockup, 'width' | 'height' | 'print_area'>;
  photo: LoadedImage;
  design: LoadedImage | null;
  label?: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState<unknown>(null);
  const { mockup, photo, design } = props;
  useEffect(() => {
    if (!canvas.current) return;
    try {
      drawCustomMockupOn(canvas.current, mockup, photo.full, design?.full ?? null, PREVIEW_SIZE);
      setFailed(null);
    } catch (error) {
      setFailed(error);
    }
  }, [mockup, photo, design]);
  return (
    <figure className="mb-0">
      <canvas ref={canvas} className="img-fluid border" role="img" aria-label="Mockup preview" />
      <figcaption className="small text-body-secondary">
        {failed ? errorMessage(failed) : (props.label ?? 'Preview')}
      </figcaption>
    </figure>
  );
}
