import {
  designFitFor,
  errorMessage,
  MOCKUP_PREVIEW_MAX_SIZE,
  type MockupTemplate,
  mockupOutputSize,
  PRINT_TYPES,
  type PrintSpace,
  type ProductTemplate,
} from '@printloom/core';
import { drawCovering, drawMockup } from '@printloom/renderer';
import { useEffect, useId, useRef, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { asContext2D, createBrowserCanvas } from '../../editor/context2d.js';
import { fitSize } from '../../editor/exportDesign.js';
import { decodeImage, type LoadedImage } from '../../editor/imageCache.js';
import { loadMockupLayers } from '../../editor/mockupRender.js';
import { ListLoadError } from '../../lists/ListLoadError.js';
import { isAllOverPrint, templateSpaces } from '../campaigns/edit/campaignForm.js';
import { useProductTemplates } from '../campaigns/edit/useCampaignEditData.js';
import { usePageTitle } from '../usePageTitle.js';

/** Long side of a pattern piece on the page, and of the piece drawn into a mockup. */
const PIECE_SIDE = 240;
const PIECE_FOR_MOCKUP = 1000;

/** A pattern piece covered by the pattern, in the piece's shape, `side` px on its long side. */
function coveredPiece(space: PrintSpace, pattern: LoadedImage, side: number): HTMLCanvasElement {
  const size = fitSize(space, side);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const ctx = canvas.getContext('2d');
  if (ctx) drawCovering(asContext2D(ctx), pattern.full, { x: 0, y: 0, ...size });
  return canvas;
}

/**
 * AOP test (spec §2 /aop-test, beta): the seller picks an all-over-print product and a pattern
 * file and sees the pattern on every pattern piece and on the product's mockups, drawn by the
 * renderer with the all-over rule (cover every piece edge to edge), as the aop editor and the
 * saved mockups draw it. Nothing is uploaded or saved.
 */
export function AopTestPage() {
  const title = usePageTitle();
  const id = useId();
  const templates = useProductTemplates();
  const aop = templates.list.filter(isAllOverPrint);
  const [templateId, setTemplateId] = useState(0);
  const [pattern, setPattern] = useState<LoadedImage | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  const template = aop.find((t) => t.id === templateId) ?? aop[0];

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    try {
      setPattern(await decodeImage(file));
    } catch (error) {
      setProblem(error);
    }
  };

  return (
    <>
      <h1 className="h3 mb-3">{title}</h1>
      <ListLoadError error={templates.error} onRetry={() => void templates.refetch()} />
      {templates.isPending ? (
        <p role="status">Loading products…</p>
      ) : templates.isError ? null : !template ? (
        <p className="text-body-secondary">
          The catalog has no all-over-print products yet: there is nothing to try a pattern on.
        </p>
      ) : (
        <>
          <div className="row g-3 mb-3">
            <Form.Group className="col-md-4" controlId={`${id}-product`}>
              <Form.Label>Product</Form.Label>
              <Form.Select
                value={template.id}
                onChange={(event) => setTemplateId(Number(event.target.value))}
              >
                {aop.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            <Form.Group className="col-md-5" controlId={`${id}-pattern`}>
              <Form.Label>Pattern</Form.Label>
              <Form.Control
                type="file"
                accept="image/png,image/jpeg,image/webp"
                onChange={(event) => void choose((event.target as HTMLInputElement).files?.[0])}
              />
              <Form.Text>
                {pattern
                  ? `${pattern.width} × ${pattern.height} px`
                  : 'A PNG, JPEG or WebP pattern; it stays in this tab.'}
              </Form.Text>
            </Form.Group>
          </div>
          {problem ? (
            <p className="text-danger" role="alert">
              {errorMessage(problem)}
            </p>
          ) : null}
          {pattern ? (
            <AopPreview template={template} pattern={pattern} />
          ) : (
            <p className="text-body-secondary">Choose a pattern to see it on {template.name}.</p>
          )}
        </>
      )}
    </>
  );
}

function AopPreview({ template, pattern }: { template: ProductTemplate; pattern: LoadedImage }) {
  const spaces = templateSpaces(template);
  const mockups = template.mockups.filter((m) => m.mockupType !== '3d');
  return (
    <>
      <section aria-label="Pattern pieces" className="mb-4">
        <h2 className="h5">Pattern pieces</h2>
        <div className="d-flex flex-wrap gap-3">
          {spaces.map((space) => (
            <PieceView key={space.id} space={space} pattern={pattern} />
          ))}
        </div>
      </section>
      <section aria-label="Mockups">
        <h2 className="h5">Mockups</h2>
        {mockups.length === 0 ? (
          <p className="text-body-secondary">This product has no 2D mockup.</p>
        ) : (
          <div className="d-flex flex-wrap gap-3">
            {mockups.map((mockup) => {
              const space = spaces.find((s) => s.name === mockup.print_space);
              return space ? (
                <MockupView key={mockup.id} mockup={mockup} space={space} pattern={pattern} />
              ) : null;
            })}
          </div>
        )}
      </section>
    </>
  );
}

function PieceView({ space, pattern }: { space: PrintSpace; pattern: LoadedImage }) {
  const holder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const piece = coveredPiece(space, pattern, PIECE_SIDE);
    piece.className = 'border';
    piece.setAttribute('role', 'img');
    piece.setAttribute('aria-label', `${space.name} covered by the pattern`);
    holder.current?.replaceChildren(piece);
  }, [space, pattern]);
  return (
    <figure className="mb-0">
      <div ref={holder} />
      <figcaption className="small">
        {space.name} · {space.width} × {space.height} px
      </figcaption>
    </figure>
  );
}

function MockupView(props: { mockup: MockupTemplate; space: PrintSpace; pattern: LoadedImage }) {
  const { mockup, space, pattern } = props;
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState<unknown>(null);
  useEffect(() => {
    let live = true;
    loadMockupLayers(mockup).then(
      (layers) => {
        const target = canvas.current;
        const ctx = target?.getContext('2d');
        if (!live || !target || !ctx) return;
        const size = mockupOutputSize(layers, { preview: true, maxSize: MOCKUP_PREVIEW_MAX_SIZE });
        target.width = size.width;
        target.height = size.height;
        drawMockup(asContext2D(ctx), layers, coveredPiece(space, pattern, PIECE_FOR_MOCKUP), {
          ...size,
          createCanvas: createBrowserCanvas,
          fit: designFitFor(PRINT_TYPES.aop),
        });
        setFailed(null);
      },
      (error: unknown) => live && setFailed(error),
    );
    return () => {
      live = false;
    };
  }, [mockup, space, pattern]);
  return (
    <figure className="mb-0">
      <canvas
        ref={canvas}
        className="border img-fluid"
        role="img"
        aria-label={`${mockup.name ?? space.name} mockup`}
        style={{ maxWidth: 320 }}
      />
      <figcaption className="small">
        {failed ? errorMessage(failed) : (mockup.name ?? `${space.name} mockup`)}
      </figcaption>
    </figure>
  );
}
